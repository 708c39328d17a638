export * from "./accounts.js";
export * from "./activities.js";
export * from "./communities.js";
export * from "./companies.js";
export * from "./documents.js";
export * from "./mail.js";
export * from "./sessions.js";
export * from "./users.js";
