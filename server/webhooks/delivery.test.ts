import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signWebhook, WEBHOOK_MAX_ATTEMPTS, webhookBody, webhookRetryDelayMs } from "./delivery";
import { newWebhookSecret } from "./endpoints";
import { keyedMessageId, newMessageId } from "./events";
import { endpointUrlProblem, webhookEndpointSchema } from "./webhook.schema";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe("the retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the 1st … 7th failure, and gives up after the 8th", () => {
    const waits = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => webhookRetryDelayMs(i + 1));
    expect(waits).toEqual([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, null]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
  });

  it("answers no retry for counts that are not attempts", () => {
    for (const n of [0, -1, 1.5, 9, 100, Number.NaN]) expect(webhookRetryDelayMs(n)).toBeNull();
  });
});

describe("signing", () => {
  it("is verified by the Standard Webhooks library with the endpoint's secret, and by no other secret", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = newMessageId();
    const body = webhookBody({
      type: "reservation.created",
      createdAt: new Date("2026-12-01T00:00:00Z"),
      payload: { reservation: { reserve_no: "261201-ABCD" } },
    });
    const headers = signWebhook(secret, id, body, new Date());
    expect(new Webhook(secret).verify(body, headers)).toEqual({
      type: "reservation.created",
      timestamp: "2026-12-01T00:00:00.000Z",
      data: { reservation: { reserve_no: "261201-ABCD" } },
    });
    expect(headers["webhook-id"]).toBe(id);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    // A changed body or an old timestamp (a replay) is refused.
    expect(() => new Webhook(secret).verify(body.replace("ABCD", "ABCE"), headers)).toThrow();
    const old = signWebhook(secret, id, body, new Date(Date.now() - 10 * MINUTE));
    expect(() => new Webhook(secret).verify(body, old)).toThrow();
  });

  it("gives message ids of `msg_` and 26 base32 characters; a keyed id is the same for the same key and site only", () => {
    const a = newMessageId();
    expect(a).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(newMessageId()).not.toBe(a);
    expect(keyedMessageId("sakura", "refund-1")).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(keyedMessageId("sakura", "refund-1")).toBe(keyedMessageId("sakura", "refund-1"));
    expect(keyedMessageId("kaede", "refund-1")).not.toBe(keyedMessageId("sakura", "refund-1"));
  });
});

describe("endpoint addresses (SSRF)", () => {
  const production = { allowHttpLoopback: false };
  const development = { allowHttpLoopback: true };

  it("takes https to a public name; refuses other schemes, credentials and nonsense", () => {
    expect(endpointUrlProblem("https://hooks.example.com/rentacar?x=1", production)).toBeNull();
    expect(endpointUrlProblem("http://hooks.example.com/", production)).toBe("webhook_url_https");
    expect(endpointUrlProblem("ftp://hooks.example.com/", production)).toBe("webhook_url_https");
    expect(endpointUrlProblem("https://user:pw@hooks.example.com/", production)).toBe("webhook_url_invalid");
    expect(endpointUrlProblem("not a url", production)).toBe("webhook_url_invalid");
  });

  it("refuses addresses inside a network, however they are written", () => {
    for (const url of [
      "https://127.0.0.1/",
      "https://0x7f.1/",
      "https://2130706433/",
      "https://localhost/",
      "https://10.1.2.3/",
      "https://172.20.0.1/",
      "https://192.168.1.10/",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/",
      "https://0.0.0.0/",
      "https://[::1]/",
      "https://[fd00::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:10.0.0.1]/",
      "https://printer.local/",
      "https://db.internal/",
      // What the probe of issue 38 got through: the root's dot, IPv4-compatible, NAT64, 6to4, CGNAT.
      "https://localhost./",
      "https://api.localhost./",
      "https://[::127.0.0.1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[::ffff:0:127.0.0.1]/",
      "https://[64:ff9b::7f00:1]/",
      "https://[64:ff9b::a00:1]/",
      "https://[2002:7f00:1::]/",
      "https://100.100.100.100/",
      "https://224.0.0.1/",
      "https://[ff02::1]/",
      "https://240.0.0.1/",
      "https://[::]/",
    ]) {
      expect([url, endpointUrlProblem(url, production)]).not.toEqual([url, null]);
    }
    expect(endpointUrlProblem("https://172.32.0.1/", production)).toBeNull();
    expect(endpointUrlProblem("https://[2606:4700::1111]/", production)).toBeNull();
  });

  it("allows http to loopback only where the server allows it (development, tests)", () => {
    expect(endpointUrlProblem("http://127.0.0.1:4000/hook", development)).toBeNull();
    expect(endpointUrlProblem("http://localhost:4000/hook", development)).toBeNull();
    expect(endpointUrlProblem("http://[::1]:4000/hook", development)).toBeNull();
    expect(endpointUrlProblem("http://127.0.0.1:4000/hook", production)).toBe("webhook_url_https");
    expect(endpointUrlProblem("http://10.0.0.1/hook", development)).toBe("webhook_url_https");
    expect(endpointUrlProblem("https://10.0.0.1/hook", development)).toBe("webhook_url_private");
    // The exception is for loopback written plainly, not its mapped or translated forms.
    expect(endpointUrlProblem("http://localhost.:4000/hook", development)).toBeNull();
    expect(endpointUrlProblem("https://[::127.0.0.1]/hook", development)).toBe("webhook_url_private");
    expect(endpointUrlProblem("https://[64:ff9b::7f00:1]/hook", development)).toBe("webhook_url_private");
    expect(endpointUrlProblem("http://[::ffff:127.0.0.1]/hook", development)).toBe("webhook_url_https");
  });

  it("the form's schema names the problem by field, and reads the event checkboxes", () => {
    const schema = webhookEndpointSchema(production);
    const refused = schema.safeParse({ url: "http://127.0.0.1/x", description: "", event_types: [] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["url", "webhook_url_https"]]);
    expect(schema.safeParse({ url: "", event_types: [] }).error?.issues.map((i) => i.message)).toEqual(["required"]);
    expect(
      schema.safeParse({ url: "https://hooks.example.com", event_types: ["reservation.created", "nope"] }).success,
    ).toBe(false);
    expect(schema.parse({ url: " https://hooks.example.com/a ", event_types: ["payment.refunded"] })).toEqual({
      url: "https://hooks.example.com/a",
      description: "",
      event_types: ["payment.refunded"],
    });
  });
});
