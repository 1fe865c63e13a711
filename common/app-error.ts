/**
 * The error contract between the server and the pages (spec §8): the codes, their HTTP status,
 * and the payload an error response carries. Never a stack, never an internal name.
 */
export const APP_ERROR_STATUS = {
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  invalid_input: 422,
  rejected: 422,
  too_many_requests: 429,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** Why a value or a request was refused: a reason code with its message parameters. */
export interface ReasonLike<C extends string = string> {
  code: C;
  params?: Record<string, string | number>;
}

export interface AppErrorPayload<R extends ReasonLike = ReasonLike> {
  code: AppErrorCode;
  reason: R | null;
  fieldErrors: Record<string, R> | null;
}

export function isAppErrorPayload(value: unknown): value is AppErrorPayload {
  if (typeof value !== "object" || value === null || !("code" in value)) return false;
  const code = (value as { code: unknown }).code;
  return typeof code === "string" && code in APP_ERROR_STATUS;
}
