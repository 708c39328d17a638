#!/usr/bin/env node
// The login route's JavaScript must stay within 150 KB gzip (issue target); fails the run otherwise.
import { routeJsGzip } from "./bundle-size.mjs";

const BUDGET = 150 * 1024;
const { total } = routeJsGzip("src/features/auth/LoginPage.tsx");
console.log(`Login: ${(total / 1024).toFixed(1)} KB gzip de JavaScript (límite ${BUDGET / 1024} KB)`);
if (total > BUDGET) process.exit(1);
