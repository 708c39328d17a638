import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO, expectSoundPage, loginWith } from "./fixtures";

/*
 * WCAG 2.2 AA on every screen (issue 21 item 8; DESIGN §7 'Every screen, two widths, accessible'): at
 * 1366×768 and at 375×812, the public pages and, for every role of the demo, every entry its side menu
 * shows, the demo community's panel views (administrator, provider) and the porter's panel tabs and
 * '¿Quién viene hoy?'. On each, once nothing loads: one level-one heading, one main landmark, and no
 * serious or critical axe-core violation, colour contrast included. The routes are read from the menus
 * on screen, so a new menu entry is checked without touching this file.
 */

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
] as const;
/** The demo community (apps/server seed): the administrator's, the provider's and the porter's. */
const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const ROLES = Object.keys(DEMO) as (keyof typeof DEMO)[];

const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Menú", exact: true });
const panelMenu = (page: Page) => page.getByRole("navigation", { name: "Menú de la comunidad" });

/** The distinct hrefs (`#/…`) of the links in `menu`, which must show at least one. */
async function hrefsIn(menu: Locator): Promise<string[]> {
  const links = menu.getByRole("link");
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute("href") ?? ""));
  const distinct = [...new Set(hrefs)];
  expect(distinct.length).toBeGreaterThan(0);
  expect(distinct.every((href) => href.startsWith("#/"))).toBe(true);
  return distinct;
}

/** The side menu's entries; on a phone the menu is behind the burger, opened to read it and closed again. */
async function sideMenuHrefs(page: Page, phone: boolean): Promise<string[]> {
  const burger = page.getByRole("banner").getByRole("button", { name: "Menú", exact: true });
  if (phone) await burger.click();
  const hrefs = await hrefsIn(sideMenu(page));
  if (phone) {
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "false");
  }
  return hrefs;
}

/** Opens `href` by address and waits until `menu`'s link to it is the current one (the page has changed). */
async function visit(page: Page, menu: Locator, href: string) {
  await page.goto(`./${href}`);
  await expect(menu.locator(`a[href="${href}"]`).first()).toHaveAttribute("aria-current", "page");
}

/** Opens the demo community from the list on screen (its name is a link in the table and on the cards). */
async function openDemoCommunity(page: Page) {
  await page.getByRole("main").getByRole("link", { name: COMMUNITY, exact: true }).first().click();
}

for (const size of WIDTHS) {
  const phone = size.width < 768;
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    test.describe.configure({ timeout: 120_000 });

    test("the public pages: login, recover, registry", async ({ page }) => {
      for (const path of ["/login", "/recover", "/registry"]) {
        await page.goto(`./#${path}`);
        await expect(page).toHaveURL(new RegExp(`#${path}$`));
        await expectSoundPage(page, path);
      }
    });

    for (const role of ROLES) {
      test(`every page of the ${role}'s menu${role === "portero" ? ", its panel's tabs" : ""}`, async ({ page }) => {
        await page.goto("./#/login");
        await loginWith(page, DEMO[role].email);
        await expect(page).toHaveURL(new RegExp(`#${DEMO[role].start}$`));

        const hrefs = await sideMenuHrefs(page, phone);
        for (const href of hrefs) {
          await visit(page, sideMenu(page), href);
          await expectSoundPage(page, `${role} ${href}`);
        }

        if (role === "administrador" || role === "gremio") {
          // The community panel's views, from its own menu.
          await page.goto("./#/comunidades/index");
          await openDemoCommunity(page);
          const views = await hrefsIn(panelMenu(page));
          for (const href of views) {
            await visit(page, panelMenu(page), href);
            await expectSoundPage(page, `${role} ${href}`);
          }
        }

        if (role === "portero") {
          await page.goto(`./#${DEMO.portero.start}`);
          await openDemoCommunity(page);
          const tabs = page.getByRole("tablist").getByRole("tab");
          await expect(tabs.first()).toBeVisible();
          const count = await tabs.count();
          expect(count).toBeGreaterThan(0);
          for (let i = 0; i < count; i++) {
            await tabs.nth(i).click();
            await expect(tabs.nth(i)).toHaveAttribute("aria-selected", "true");
            await expectSoundPage(page, `portero tab ${(await tabs.nth(i).textContent()) ?? i}`);
          }
          await page.getByRole("link", { name: "¿Quién viene hoy?" }).click();
          await expect(page.getByRole("heading", { level: 1, name: "¿Quién viene hoy?" })).toBeVisible();
          await expectSoundPage(page, "portero ¿Quién viene hoy?");
        }
      });
    }
  });
}
