import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { AppError, notFoundError } from "./errors";

describe("AppError", () => {
  it.each([
    ["not_found", 404],
    ["unauthorized", 401],
    ["forbidden", 403],
    ["invalid_input", 422],
    ["rejected", 422],
    ["too_many_requests", 429],
  ] as const)("%s answers %i", (code, status) => {
    const error = new AppError(code);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(status);
    expect(error.init.status).toBe(status);
    expect(error.data).toEqual({ code, reason: null, fieldErrors: null });
  });

  it("carries its reason and field errors in the payload, never a stack", () => {
    const withFields = new AppError("invalid_input", { fieldErrors: { sd: { code: "date_invalid" } } });
    expect(withFields.data).toEqual({
      code: "invalid_input",
      reason: null,
      fieldErrors: { sd: { code: "date_invalid" } },
    });
    const withReason = new AppError("rejected", { reason: { code: "store_closed", params: { date: "2026-12-01" } } });
    expect(withReason.data).toEqual({
      code: "rejected",
      reason: { code: "store_closed", params: { date: "2026-12-01" } },
      fieldErrors: null,
    });
    expect(withReason.message).toBe("store_closed");
    expect(JSON.stringify(withReason.data)).not.toContain("at ");
    expect(notFoundError().status).toBe(404);
  });

  it("has the shape React Router reads from data()", () => {
    const error = new AppError("invalid_input");
    expect(error.type).toBe("DataWithResponseInit");
    expect(error.init).toEqual({ status: 422, statusText: "Unprocessable Content" });
  });
});

describe("AppError through React Router", () => {
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      children: [
        {
          id: "invalid",
          path: "invalid",
          hasErrorBoundary: true,
          loader: () => {
            throw new AppError("invalid_input", { fieldErrors: { sd: { code: "date_invalid" } } });
          },
        },
        {
          id: "missing",
          path: "missing",
          hasErrorBoundary: true,
          loader: () => {
            throw new AppError("not_found");
          },
        },
        {
          id: "unauthorized",
          path: "unauthorized",
          hasErrorBoundary: true,
          loader: () => {
            throw new AppError("unauthorized");
          },
        },
        {
          id: "broken",
          path: "broken",
          hasErrorBoundary: true,
          loader: () => {
            throw new Error("database on fire");
          },
        },
      ],
    },
  ]);

  async function query(path: string) {
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    return context;
  }

  it("a thrown invalid_input answers 422 with an ErrorResponse carrying the field errors", async () => {
    const context = await query("/invalid");
    expect(context.statusCode).toBe(422);
    const error = context.errors?.invalid;
    expect(isRouteErrorResponse(error)).toBe(true);
    if (!isRouteErrorResponse(error)) return;
    expect(error.status).toBe(422);
    expect(error.statusText).toBe("Unprocessable Content");
    expect(error.data).toEqual({ code: "invalid_input", reason: null, fieldErrors: { sd: { code: "date_invalid" } } });
  });

  it.each([
    ["/missing", "missing", 404, "not_found"],
    ["/unauthorized", "unauthorized", 401, "unauthorized"],
  ])("%s answers %s with its code", async (path, routeId, status, code) => {
    const context = await query(path);
    expect(context.statusCode).toBe(status);
    const error = context.errors?.[routeId];
    expect(isRouteErrorResponse(error)).toBe(true);
    if (!isRouteErrorResponse(error)) return;
    expect(error.status).toBe(status);
    expect(error.data).toEqual({ code, reason: null, fieldErrors: null });
  });

  it("a plain Error stays a 500 and is not an ErrorResponse", async () => {
    const context = await query("/broken");
    expect(context.statusCode).toBe(500);
    const error = context.errors?.broken;
    expect(isRouteErrorResponse(error)).toBe(false);
    expect(error).toBeInstanceOf(Error);
  });
});
