import { ErrorKey, multilineTexts } from "@coordina/domain";
import type { FastifyInstance, FastifySchema } from "fastify";
import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { CONTROL_CHARACTER, LINE_BREAK } from "../lib/text.js";

/** Deeper than any payload of this API: refused rather than walked. */
const MAX_DEPTH = 32;

type AnyDef = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): AnyDef | undefined => (schema as { _zod?: { def?: AnyDef } } | undefined)?._zod?.def;

/** Names of the fields, at any depth of `schema`, that are multiline texts (the domain's `multilineText`). */
export function multilineKeys(schema: unknown): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown, key: string | undefined) => {
    const def = defOf(node);
    if (!def || seen.has(node)) return;
    seen.add(node);
    if (key !== undefined && multilineTexts.has(node as z.ZodType)) keys.add(key);
    switch (def.type) {
      case "object":
        for (const [name, child] of Object.entries(def.shape as Record<string, unknown>)) visit(child, name);
        return;
      case "array":
        return visit(def.element, key);
      case "union":
        for (const option of def.options as unknown[]) visit(option, key);
        return;
      case "intersection":
        visit(def.left, key);
        return visit(def.right, key);
      case "pipe":
        visit(def.in, key);
        return visit(def.out, key);
      default:
        if ("innerType" in def) visit(def.innerType, key);
    }
  };
  visit(schema, undefined);
  return keys;
}

/** The path of the first string in `data` holding a character its field may not hold, if any. */
export function findForbiddenText(data: unknown, multiline: ReadonlySet<string>): string | undefined {
  const walk = (value: unknown, path: string, key: string | undefined, depth: number): string | undefined => {
    if (typeof value === "string") {
      if (CONTROL_CHARACTER.test(value)) return path;
      if (LINE_BREAK.test(value) && !(key !== undefined && multiline.has(key))) return path;
      return undefined;
    }
    if (value === null || typeof value !== "object") return undefined;
    if (depth > MAX_DEPTH) return path;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const found = walk(value[i], `${path}/${i}`, key, depth + 1);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    for (const [name, child] of Object.entries(value)) {
      // A field name is text too: a key with a NUL or a line break has no place in any payload.
      if (CONTROL_CHARACTER.test(name) || LINE_BREAK.test(name)) return `${path}/${name}`;
      const found = walk(child, `${path}/${name}`, name, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(data, "", undefined, 0);
}

/**
 * Every route's zod schemas validate its input (fastify-type-provider-zod), after one check common to all
 * of them: no string anywhere in the body, query, params or headers holds a control character, and only
 * the multiline texts hold line breaks. Refused with 400 `error.invalid-input`, before any handler runs.
 */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler((route: FastifyRouteSchemaDef<FastifySchema>) => {
    const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
    const multiline = multilineKeys(route.schema);
    return (data: unknown) => {
      const path = findForbiddenText(data, multiline);
      if (path !== undefined) {
        const issue = {
          keyword: "text",
          instancePath: path,
          schemaPath: "#",
          params: {},
          message: ErrorKey.invalidInput,
        };
        return { error: [issue] };
      }
      return validate(data);
    };
  });
  app.setSerializerCompiler(serializerCompiler);
}
