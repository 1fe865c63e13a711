import http from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_COOKIE, csrf, newCsrfToken } from "#server/http/csrf";
import { createLogger } from "#server/logger";
import { CLOSE, MULTIPART_TYPE, multipartBody, partHead } from "#server/uploads/multipart-body.testkit";
import { MAX_IMAGE_BYTES } from "./driver.schema";
import { readDriverUpload } from "./images";

/**
 * The upload limits over real HTTP, through the same server stack as the site (@hono/node-server
 * and the CSRF check, which peeks at the start of the body): the server answers 413 while the
 * client is still sending, and stops taking the body.
 */

const MB = 1024 * 1024;
const token = newCsrfToken();
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  const app = new Hono();
  app.use(csrf(createLogger("silent")));
  app.post("/upload", async (c) => {
    const upload = await readDriverUpload(c.req.raw);
    if (!upload.ok) return c.json({ reason: upload.reason, name: upload.form.get("name") }, upload.status);
    const files = [...upload.form.entries()].filter(([, v]) => typeof v !== "string").map(([k]) => k);
    return c.json({ name: upload.form.get("name"), files, fileErrors: upload.fileErrors });
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Outcome {
  status: number;
  body: Record<string, unknown>;
  /** Bytes the client had written when the answer came. */
  sentBeforeAnswer: number;
}

/**
 * POSTs `head`, then `fill` bytes of file content produced as the socket takes them (chunked,
 * no Content-Length), then the end of the form; stops writing as soon as the answer arrives.
 */
function post(head: Uint8Array, fill: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/upload",
      headers: { "content-type": MULTIPART_TYPE, cookie: `${CSRF_COOKIE}=${token}` },
    });
    req.on("response", (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
          sentBeforeAnswer,
        });
        req.destroy();
      });
    });
    // Once answered, the server may close the connection under the client's feet.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    let left = fill;
    const write = () => {
      while (!answered) {
        if (sent === 0) {
          sent += head.byteLength;
          if (!req.write(head)) return void req.once("drain", write);
          continue;
        }
        if (left === 0) {
          req.end(Buffer.concat([Buffer.from("\r\n"), CLOSE]));
          return;
        }
        const n = Math.min(left, chunk.byteLength);
        left -= n;
        sent += n;
        if (!req.write(chunk.subarray(0, n))) return void req.once("drain", write);
      }
    };
    write();
  });
}

const fields = (name: string) =>
  Buffer.concat([
    multipartBody([
      { name: "_csrf", value: token },
      { name: "name", value: name },
    ]).subarray(0, -CLOSE.byteLength),
  ]);
const fileHead = (slot: number) =>
  partHead({ name: `driver_image${slot}`, filename: `${slot}.jpg`, type: "image/jpeg", bytes: new Uint8Array() });
const jpegStart = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

describe("licence image upload over HTTP", () => {
  it("takes a form with an image (the CSRF check leaves the body whole for the parser)", async () => {
    const outcome = await post(Buffer.concat([fields("kept"), fileHead(1), jpegStart]), 1000);
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ name: "kept", files: ["driver_image1"], fileErrors: {} });
  });

  it("answers 413 to a file of 10 MB + 1 byte, with the fields read before it", async () => {
    const outcome = await post(Buffer.concat([fields("kept"), fileHead(1), jpegStart]), MAX_IMAGE_BYTES + 1 - 4);
    expect(outcome.status).toBe(413);
    expect(outcome.body).toEqual({ reason: { code: "image_too_large" }, name: "kept" });
  });

  it("refuses a fifth image", async () => {
    const five = Buffer.concat([
      fields("five"),
      ...[1, 2, 3, 4].flatMap((slot) => [fileHead(slot), jpegStart, Buffer.from("\r\n")]),
      fileHead(5),
      jpegStart,
    ]);
    const outcome = await post(five, 100);
    expect(outcome.status).toBe(413);
    expect(outcome.body).toMatchObject({ reason: { code: "image_too_many", params: { max: 4 } } });
  });

  it("cuts a 200 MB body off early: the answer comes while the client is far from done", async () => {
    const outcome = await post(Buffer.concat([fields("huge"), fileHead(1), jpegStart]), 200 * MB);
    expect(outcome.status).toBe(413);
    expect(outcome.body).toMatchObject({ reason: { code: "image_too_large" } });
    // The server read ~10 MB; what else was sent sat in socket buffers when the 413 came back.
    expect(outcome.sentBeforeAnswer).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(outcome.sentBeforeAnswer).toBeLessThan(40 * MB);
  });

  it("refuses a request without the CSRF token before reading the form", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/upload`, {
      method: "POST",
      headers: { "content-type": MULTIPART_TYPE, cookie: `${CSRF_COOKIE}=${token}` },
      body: multipartBody([{ name: "name", value: "no token" }]),
    });
    expect(res.status).toBe(403);
  });
});
