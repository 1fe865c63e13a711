import type { passwordJa } from "./password.ja";

export const passwordKo: Record<keyof typeof passwordJa, string> = {
  "pwreset.request.title": "비밀번호 재설정",
  "pwreset.request.lead": "등록하신 이메일 주소를 입력해 주세요. 새 비밀번호를 설정할 수 있는 링크를 보내 드립니다.",
  "pwreset.request.storeNote":
    "매장에서 등록하신 고객님은 여기에서 첫 비밀번호를 설정해 주세요. 이메일로 보내 드리는 링크에서 설정할 수 있습니다.",
  "pwreset.request.email": "이메일 주소",
  "pwreset.request.submit": "보내기",
  "pwreset.backToLogin": "로그인 화면으로 돌아가기",
  "pwreset.sent.title": "이메일을 보냈습니다",
  "pwreset.sent.lead":
    "입력하신 이메일 주소가 등록되어 있으면 비밀번호 설정 링크를 보냈습니다. 링크의 유효 기간은 1시간입니다.",
  "pwreset.sent.spam": "이메일이 도착하지 않으면 스팸 메일함도 확인해 주세요.",
  "pwreset.reset.title": "새 비밀번호 설정",
  "pwreset.reset.lead": "새 비밀번호를 입력해 주세요. 설정 후 로그인 화면에서 로그인해 주세요.",
  "pwreset.reset.password": "새 비밀번호",
  "pwreset.reset.confirm": "새 비밀번호 (확인)",
  "pwreset.reset.submit": "비밀번호 설정",
  "pwreset.invalid.title": "이 링크는 사용할 수 없습니다",
  "pwreset.invalid.requestAgain": "비밀번호 재설정 다시 신청하기",
  "pwreset.flash.done": "비밀번호가 설정되었습니다. 새 비밀번호로 로그인해 주세요.",
  "pwreset.mail.subject": "[{site}] 비밀번호 재설정 안내",
  "pwreset.mail.body":
    "{site:을} 이용해 주셔서 감사합니다.\n\n비밀번호 재설정 요청을 받았습니다. 아래 링크에서 새 비밀번호를 설정해 주세요.\n\n{link}\n\n이 링크의 유효 기간은 1시간이며 한 번만 사용할 수 있습니다.\n요청하신 적이 없다면 이 메일을 무시해 주세요. 비밀번호는 변경되지 않습니다.",
  "pwreset.mail.firstSubject": "[{site}] 첫 비밀번호 설정 안내",
  "pwreset.mail.firstBody":
    "{site:을} 이용해 주셔서 감사합니다.\n\n매장에서 등록된 회원 정보에 아래 링크로 첫 비밀번호를 설정해 주세요. 설정 후 이 이메일 주소와 비밀번호로 로그인할 수 있습니다.\n\n{link}\n\n이 링크의 유효 기간은 1시간이며 한 번만 사용할 수 있습니다.\n요청하신 적이 없다면 이 메일을 무시해 주세요.",
};
