/**
 * Passwords of six or more characters that top the public breach-frequency lists (lower-cased).
 * Refused at registration, reset and change: they fall first to any guessing.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `123456 1234567 12345678 123456789 1234567890 12345678910 654321 987654321 0987654321 111111 1111111
  11111111 000000 00000000 121212 123123 123321 112233 666666 696969 777777 888888 999999 555555 222222
  131313 159753 147258 147258369 741852963 123654 123qwe qwe123 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx
  qwerty qwertyu qwertyui qwertyuiop qwerty1 qwerty12 qwerty123 asdfgh asdfghjkl asdf1234 zxcvbn
  zxcvbnm password password1 password12 password123 passw0rd p@ssw0rd p@ssword pass123 pass1234
  abc123 abcd1234 abcdef abc12345 a123456 a12345678 aa123456 aa12345678 iloveyou iloveyou1 princess
  monkey dragon sunshine shadow master letmein welcome welcome1 football baseball soccer hockey
  superman batman trustno1 starwars whatever freedom michael jennifer jordan23 charlie donald
  computer internet secret secret123 admin123 administrator qazwsx qazwsxedc azerty 1234qwer
  q1w2e3r4 q1w2e3r4t5 1234abcd abcabc abc123456 changeme default test123 testtest guest123
  hello123 hellohello loveme lovely 123abc 7777777 12341234 11223344 1122334455 5201314 woaini
  woaini1314 qweasd qweasdzxc asd123 zxc123 samsung naruto pokemon killer cookie chocolate
  flower purple orange banana summer winter spring autumn japan tokyo korea taiwan`
    .split(/\s+/)
    .filter(Boolean),
);
