export * from "./constants.js";
export * from "./errors.js";
export * from "./lights.js";
export * from "./roles.js";
export * from "./routing.js";
export * from "./schemas/auth.js";
export * from "./schemas/common.js";
export * from "./validation.js";
