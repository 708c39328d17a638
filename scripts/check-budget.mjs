#!/usr/bin/env node
// The login route's JavaScript must stay within 150 KB as sent gzip (the larger of the build's two copies;
// browsers that accept brotli get less); fails the run otherwise.
import { routeJsGzip } from "./bundle-size.mjs";

const BUDGET = 150 * 1024;
const { total, brotli } = routeJsGzip("src/features/auth/LoginPage.tsx");
console.log(
  `Login: ${(total / 1024).toFixed(1)} KB de JavaScript enviados con gzip, ${(brotli / 1024).toFixed(1)} KB con brotli (límite ${BUDGET / 1024} KB)`,
);
if (total > BUDGET) process.exit(1);
