export * from "./accounts";
export * from "./auth";
export * from "./mail";
export * from "./members";
export * from "./notifications";
export * from "./options";
export * from "./plans";
export * from "./support";
