// Plans: the catalogue of core/plans.ts kept in the plans table, and gating of a site by its plan.
export { billing } from "./service";
