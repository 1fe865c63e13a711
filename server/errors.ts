import { APP_ERROR_STATUS, type AppErrorCode, type AppErrorPayload } from "#common/app-error";
import type { Reason } from "./availability/reasons";
import type { AdminReason } from "./staff/reasons";

/** Field name → why its value was refused. */
export type FieldReasons = Record<string, Reason | AdminReason>;

const STATUS_TEXT: Record<number, string> = {
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  422: "Unprocessable Content",
  429: "Too Many Requests",
};

/**
 * A typed, expected failure, mapped to its HTTP status once (spec §8): 404 not found, 401 log in
 * again, 422 with field errors or with a message. It carries the shape React Router gives to
 * `data(payload, init)` (`type`, `data`, `init`), so a loader, action or middleware that lets it
 * through answers with its status and payload as an ErrorResponse, and no route needs a
 * try/catch (docs/decisions/009-error-model.md).
 */
export class AppError extends Error {
  readonly type = "DataWithResponseInit";
  readonly status: number;

  constructor(
    readonly code: AppErrorCode,
    readonly details: { reason?: Reason | AdminReason; fieldErrors?: FieldReasons } = {},
  ) {
    super(details.reason?.code ?? code);
    this.name = "AppError";
    this.status = APP_ERROR_STATUS[code];
  }

  get data(): AppErrorPayload<Reason | AdminReason> {
    return { code: this.code, reason: this.details.reason ?? null, fieldErrors: this.details.fieldErrors ?? null };
  }

  get init(): ResponseInit {
    return { status: this.status, statusText: STATUS_TEXT[this.status] ?? "" };
  }
}

export const notFoundError = () => new AppError("not_found");
