import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NO_FORM_ERRORS, useForm } from "./forms";

const schema = { safeParse: () => ({ success: true as const, data: {} }) };
type Answer = { errors: Record<string, { code: string }>; values: Record<string, string> };

type Options = Parameters<typeof useForm<Answer, Record<string, string>>>[2];
type Form = ReturnType<typeof useForm<Answer, Record<string, string>>>;

function Page({ answer, options, seen }: { answer: Answer | undefined; options: Options; seen: Form[] }) {
  seen.push(useForm<Answer, Record<string, string>>(schema, answer, options));
  return null;
}

/** What `useForm` gives on the server's first render. */
function render(answer: Answer | undefined, options: Options): Form {
  const seen: Form[] = [];
  renderToString(<Page answer={answer} options={options} seen={seen} />);
  const [form] = seen;
  if (!form) throw new Error("not rendered");
  return form;
}

describe("useForm", () => {
  it("shows the loader's values and no errors before any answer, with the one stable empty object", () => {
    const form = render(undefined, { values: { name: "stored" } });
    expect(form.values).toEqual({ name: "stored" });
    expect(form.sent).toBeNull();
    expect(form.errors).toBe(NO_FORM_ERRORS);
  });

  it("shows what was sent, and the server's errors, after a refusal", () => {
    const answer = { errors: { name: { code: "required" } }, values: { name: "" } };
    const form = render(answer, { values: { name: "stored" } });
    expect(form.values).toEqual({ name: "" });
    expect(form.sent).toBe(answer);
    expect(form.errors).toEqual({ name: { code: "required" } });
  });

  it("keeps the loader's values for an answer `keep` turns down (a refused delete)", () => {
    const answer = { errors: {}, values: { intent: "delete" } };
    const form = render(answer, { values: { name: "stored" }, keep: (a) => a.values.intent !== "delete" });
    expect(form.values).toEqual({ name: "stored" });
    expect(form.sent).toBeNull();
  });

  it("gives empty values on a form the loader fills nothing of", () => {
    expect(render(undefined, {}).values).toEqual({});
  });
});
