export * from "./communities.js";
export * from "./companies.js";
export * from "./sessions.js";
export * from "./users.js";
