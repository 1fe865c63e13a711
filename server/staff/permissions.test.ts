import { describe, expect, it } from "vitest";
import { AppError } from "#server/errors";
import { authorize, can, PERMISSIONS, type Permission, STAFF_ROLES, type StaffActor } from "./permissions";

const actor = (role: StaffActor["role"], storeIds: number[] = []): StaffActor => ({
  id: 1,
  email: "a@example.com",
  role,
  storeIds,
});

/** The grants of issues 23 and 24, role by role: what each may do (store-scoped rights on store 1, assigned to store staff). */
const EXPECTED: Record<StaffActor["role"], Permission[]> = {
  owner: [...PERMISSIONS],
  manager: [
    "view",
    "site.edit",
    "catalog.edit",
    "prices.edit",
    "content.edit",
    "store.create",
    "store.edit",
    "store.vehicles",
    "store.reservations",
    "members.register",
    "reports.read",
  ],
  store_staff: ["view", "store.edit", "store.vehicles", "store.reservations", "members.register"],
  read_only: ["view"],
};

describe("back-office permissions", () => {
  it.each(STAFF_ROLES)("%s holds exactly its grants", (role) => {
    const who = actor(role, [1]);
    expect(PERMISSIONS.filter((p) => can(who, p, 1))).toEqual(EXPECTED[role]);
  });

  it("store staff hold a store's rights only for the stores assigned to them", () => {
    const clerk = actor("store_staff", [1, 3]);
    expect(can(clerk, "store.edit", 1)).toBe(true);
    expect(can(clerk, "store.edit", 3)).toBe(true);
    expect(can(clerk, "store.edit", 2)).toBe(false);
    expect(can(clerk, "store.vehicles")).toBe(false);
    expect(can(clerk, "store.reservations", 3)).toBe(true);
    expect(can(clerk, "store.reservations", 2)).toBe(false);
    expect(can(actor("manager"), "store.edit", 2)).toBe(true);
  });

  it("a refusal is a 403 with the forbidden reason", () => {
    try {
      authorize(actor("read_only"), "site.edit");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
      expect((error as AppError).details.reason?.code).toBe("forbidden");
    }
  });
});
