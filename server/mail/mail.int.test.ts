import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#server/db/schema";
import { makeSite } from "#tests/fixtures/sites";
import { startSmtpServer, type TestSmtpServer } from "#tests/fixtures/smtp-server";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { createMailer } from "./mailer";
import type { MailMessage } from "./message";
import { getOutboxMail, listOutbox } from "./outbox";
import { relayBackoffMs, relayOutbox, startOutboxRelay } from "./relay";
import { createSmtpTransport, type MailTransport } from "./smtp-transport";

let handle: TestDb;
const servers: TestSmtpServer[] = [];
const transports: MailTransport[] = [];

beforeAll(async () => {
  handle = await createTestDb();
});
afterEach(async () => {
  for (const t of transports.splice(0)) t.close();
  await Promise.all(servers.splice(0).map((s) => s.close()));
  // Each test relays only its own mail.
  await handle.owner.delete(mailOutbox).where(eq(mailOutbox.status, "pending"));
});
afterAll(() => handle.close());

async function smtp(refuse?: "rcpt" | "data") {
  const server = await startSmtpServer({ refuse });
  servers.push(server);
  const transport = createSmtpTransport({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: server.port,
    SMTP_SECURE: false,
    MAIL_FROM: "Sakura Rent-a-Car <no-reply@sakura.example>",
  });
  transports.push(transport);
  return { server, transport };
}

const JA: MailMessage = {
  to: "taro@example.jp",
  subject: "ご予約を承りました【予約番号 R-0001】",
  text: "山田太郎 様\n\nご予約ありがとうございます。\n貸出：2026/12/05 10:00 那覇空港店\n",
  html: "<p>山田太郎 様</p><p>ご予約ありがとうございます。</p>",
  locale: "ja",
  kind: "reservation_confirmed",
};
const KO: MailMessage = {
  to: "minji@example.kr",
  subject: "회원 가입을 환영합니다",
  text: "김민지 님, 가입해 주셔서 감사합니다.\n",
  locale: "ko",
  kind: "welcome",
};

const outboxMailer = createMailer({ MAIL_TRANSPORT: "outbox" });
const smtpMailer = createMailer({ MAIL_TRANSPORT: "smtp" });

describe("the outbox transport", () => {
  it("stores the mail for its site only", async () => {
    const a = await makeSite(handle.owner);
    const b = await makeSite(handle.owner);
    const { id } = await outboxMailer.send(handle.forSite(a.siteId), a.siteId, JA);

    const mine = await listOutbox(handle.forSite(a.siteId), a.siteId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id,
      siteId: a.siteId,
      toAddress: JA.to,
      subject: JA.subject,
      bodyText: JA.text,
      bodyHtml: JA.html,
      locale: "ja",
      kind: "reservation_confirmed",
      status: "stored",
      attempts: 0,
      sentAt: null,
    });
    expect(mine[0]?.createdAt).toBeInstanceOf(Date);
    expect(await listOutbox(handle.forSite(b.siteId), b.siteId)).toEqual([]);
    expect(await getOutboxMail(handle.forSite(b.siteId), b.siteId, id)).toBeNull();
    expect((await getOutboxMail(handle.forSite(a.siteId), a.siteId, id))?.subject).toBe(JA.subject);
  });

  it("writes in the caller's transaction: a rollback leaves no mail", async () => {
    const site = await makeSite(handle.owner);
    await expect(
      handle.forSite(site.siteId).transaction(async (tx) => {
        await outboxMailer.send(tx, site.siteId, KO);
        throw new Error("the booking failed after the mail was queued");
      }),
    ).rejects.toThrow("the booking failed");
    expect(await listOutbox(handle.forSite(site.siteId), site.siteId)).toEqual([]);

    await handle.forSite(site.siteId).transaction((tx) => outboxMailer.send(tx, site.siteId, KO));
    expect((await listOutbox(handle.forSite(site.siteId), site.siteId)).map((m) => m.kind)).toEqual(["welcome"]);
  });

  it("refuses a malformed message and stores nothing", async () => {
    const site = await makeSite(handle.owner);
    await expect(
      outboxMailer.send(handle.forSite(site.siteId), site.siteId, { ...JA, to: "not an address" }),
    ).rejects.toThrow();
    await expect(
      outboxMailer.send(handle.forSite(site.siteId), site.siteId, { ...JA, subject: "Hi\r\nBcc: victim@example.com" }),
    ).rejects.toThrow();
    expect(await listOutbox(handle.forSite(site.siteId), site.siteId)).toEqual([]);
  });

  it("is never delivered by the relay", async () => {
    const site = await makeSite(handle.owner);
    await outboxMailer.send(handle.forSite(site.siteId), site.siteId, JA);
    const { server, transport } = await smtp();
    expect(await relayOutbox(handle.server, transport)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(server.received).toEqual([]);
    expect((await listOutbox(handle.forSite(site.siteId), site.siteId))[0]?.status).toBe("stored");
  });
});

describe("the smtp transport and the outbox relay", () => {
  it("queues the mail and delivers it through a real SMTP exchange", async () => {
    const site = await makeSite(handle.owner);
    const ja = await smtpMailer.send(handle.forSite(site.siteId), site.siteId, JA);
    const ko = await smtpMailer.send(handle.forSite(site.siteId), site.siteId, KO);
    expect((await getOutboxMail(handle.forSite(site.siteId), site.siteId, ja.id))?.status).toBe("pending");

    const { server, transport } = await smtp();
    expect(await relayOutbox(handle.server, transport)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(server.received).toHaveLength(2);

    const byTo = new Map(server.received.map((m) => [m.envelope.to.join(","), m]));
    const jaMail = byTo.get(JA.to);
    expect(jaMail?.envelope.from).toBe("no-reply@sakura.example");
    expect(jaMail?.headers.get("to")).toBe(JA.to);
    expect(jaMail?.headers.get("from")).toBe('"Sakura Rent-a-Car" <no-reply@sakura.example>');
    expect(jaMail?.headers.get("subject")).toBe(JA.subject);
    // The raw subject is encoded (7-bit header), so the check above proves the decoding round trip.
    expect(jaMail?.raw).not.toContain(JA.subject);
    expect(jaMail?.text?.replace(/\r\n/g, "\n")).toBe(JA.text);
    expect(jaMail?.html).toBe(JA.html);

    const koMail = byTo.get(KO.to);
    expect(koMail?.headers.get("subject")).toBe(KO.subject);
    expect(koMail?.text?.replace(/\r\n/g, "\n")).toBe(KO.text);
    expect(koMail?.html).toBeNull();
    expect(koMail?.headers.get("message-id")).toBe(`<outbox-${site.siteId}-${ko.id}@sakura.example>`);

    const row = await getOutboxMail(handle.forSite(site.siteId), site.siteId, ja.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.messageId).toBe(jaMail?.headers.get("message-id"));
    expect(row?.messageId).toBe(`<outbox-${site.siteId}-${ja.id}@sakura.example>`);
  });

  it("delivers each mail once, even when relays run together and again", async () => {
    const site = await makeSite(handle.owner);
    const ids = [];
    for (let i = 1; i <= 4; i++) {
      ids.push(
        (await smtpMailer.send(handle.forSite(site.siteId), site.siteId, { ...KO, to: `guest${i}@example.kr` })).id,
      );
    }
    const { server, transport } = await smtp();
    const runs = await Promise.all([relayOutbox(handle.server, transport), relayOutbox(handle.server, transport)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(4);
    expect(await relayOutbox(handle.server, transport)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    expect(server.received.map((m) => m.envelope.to[0]).sort()).toEqual([
      "guest1@example.kr",
      "guest2@example.kr",
      "guest3@example.kr",
      "guest4@example.kr",
    ]);
    const rows = await listOutbox(handle.forSite(site.siteId), site.siteId);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ["sent", 1]));
  });

  it.each([
    ["RCPT TO", "rcpt", /550/],
    ["the message after DATA", "data", /451/],
  ] as const)("a server refusing %s leaves the mail pending with a backoff", async (_what, refuse, answer) => {
    const site = await makeSite(handle.owner);
    const { id } = await smtpMailer.send(handle.forSite(site.siteId), site.siteId, JA);
    const failing = await smtp(refuse);
    const t0 = new Date(Date.now() + 1000);

    expect(await relayOutbox(handle.server, failing.transport, { now: t0 })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    expect(failing.server.refused).toBe(1);
    expect(failing.server.received).toEqual([]);
    const row = await getOutboxMail(handle.forSite(site.siteId), site.siteId, id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(row?.lastError).toMatch(answer);
    expect(row?.nextAttemptAt.getTime()).toBe(t0.getTime() + relayBackoffMs(1));

    // Not due before the backoff has passed, even with a working server.
    const working = await smtp();
    const early = new Date(t0.getTime() + relayBackoffMs(1) - 1000);
    expect(await relayOutbox(handle.server, working.transport, { now: early })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(working.server.received).toEqual([]);

    const due = new Date(t0.getTime() + relayBackoffMs(1));
    expect(await relayOutbox(handle.server, working.transport, { now: due })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(working.server.received.map((m) => m.headers.get("subject"))).toEqual([JA.subject]);
    expect(await getOutboxMail(handle.forSite(site.siteId), site.siteId, id)).toMatchObject({
      status: "sent",
      attempts: 2,
      lastError: null,
    });
  });

  it("gives up after the last attempt", async () => {
    const site = await makeSite(handle.owner);
    const { id } = await smtpMailer.send(handle.forSite(site.siteId), site.siteId, KO);
    const { server, transport } = await smtp("rcpt");
    let now = new Date(Date.now() + 1000);
    expect(await relayOutbox(handle.server, transport, { now, maxAttempts: 2 })).toMatchObject({ retrying: 1 });
    now = new Date(now.getTime() + relayBackoffMs(1));
    expect(await relayOutbox(handle.server, transport, { now, maxAttempts: 2 })).toMatchObject({ failed: 1 });
    now = new Date(now.getTime() + 24 * 3600_000);
    expect(await relayOutbox(handle.server, transport, { now, maxAttempts: 2 })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(server.refused).toBe(2);
    expect(await getOutboxMail(handle.forSite(site.siteId), site.siteId, id)).toMatchObject({
      status: "failed",
      attempts: 2,
    });
    const [{ n } = { n: -1 }] = await handle
      .forSite(site.siteId)
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "pending"));
    expect(n).toBe(0);
  });

  it("the server's relay loop delivers mail committed after it started, until stopped", async () => {
    const site = await makeSite(handle.owner);
    const { server, transport } = await smtp();
    transports.pop(); // the loop closes it
    const relay = startOutboxRelay({
      handle: handle.server,
      transport,
      logger: pino({ level: "silent" }),
      intervalMs: 50,
    });
    const { id } = await handle.forSite(site.siteId).transaction((tx) => smtpMailer.send(tx, site.siteId, JA));
    const deadline = Date.now() + 10_000;
    while (server.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await relay.stop();
    expect(server.received.map((m) => m.headers.get("subject"))).toEqual([JA.subject]);
    expect((await getOutboxMail(handle.forSite(site.siteId), site.siteId, id))?.status).toBe("sent");

    await smtpMailer.send(handle.forSite(site.siteId), site.siteId, KO);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.received).toHaveLength(1);
  });
});
