import { expect, type Page, test } from "@playwright/test";
import { DEMO, loginWith } from "./fixtures";

/*
 * No dead ends, one name per screen (issue 21): every demo role follows every entry of its menu, and of the
 * community panel where it has one. No page says 'En preparación'; each is titled as its entry, and the browser
 * tab names it too ('<entry> · Coordina'). At a desktop width and on a phone, where the menu hides behind the
 * burger.
 */

const WIDTHS = [
  { name: "1366×768", viewport: { width: 1366, height: 768 }, phone: false },
  { name: "375×812", viewport: { width: 375, height: 812 }, phone: true },
] as const;

const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Menú", exact: true });

/** Follows an entry of the side menu (opening it first on a phone) and waits until it is the current one. */
async function follow(page: Page, name: string, phone: boolean) {
  if (phone) await page.getByRole("button", { name: "Menú", exact: true }).click();
  const link = sideMenu(page).getByRole("link", { name, exact: true });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}

async function expectBuilt(page: Page) {
  await expect(page.getByRole("main").getByText("En preparación")).toHaveCount(0);
}

for (const width of WIDTHS) {
  test.describe(`menus at ${width.name}`, () => {
    test.use({ viewport: width.viewport });

    for (const [role, account] of Object.entries(DEMO)) {
      test(`${role}: every menu entry opens a built page with the entry's name`, async ({ page }) => {
        test.setTimeout(90_000);
        await page.goto("./");
        await loginWith(page, account.email);
        await expect(page).toHaveURL(new RegExp(`#${account.start}$`));
        const entries = sideMenu(page).getByRole("link");
        await expect(entries.first()).toBeAttached();
        const names = await entries.allTextContents();
        expect(names.length).toBeGreaterThan(1);

        for (const name of names) {
          await follow(page, name, width.phone);
          await expect(page.getByRole("heading", { level: 1 }), name).toHaveText(name);
          await expect(page).toHaveTitle(`${name} · Coordina`);
          await expectBuilt(page);
        }
      });
    }

    for (const role of ["administrador", "gremio"] as const) {
      test(`${role}: every tab of a community's panel opens a built view with the tab's name`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.goto("./");
        await loginWith(page, DEMO[role].email);
        await expect(page).toHaveURL(new RegExp(`#${DEMO[role].start}$`));
        await page.getByRole("button", { name: "Ver comunidad" }).first().click();
        await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\//);
        const panel = page.getByRole("navigation", { name: "Menú de la comunidad" });
        const tabs = panel.getByRole("link");
        await expect(tabs.first()).toBeVisible();
        // The labels without the '!' badge some tabs carry.
        const names = await panel.locator(".mantine-NavLink-label").allTextContents();
        expect(names.length).toBeGreaterThan(1);

        for (const [index, name] of names.entries()) {
          const tab = tabs.nth(index);
          await tab.click();
          await expect(tab).toHaveAttribute("aria-current", "page");
          await expect(page.getByRole("main").getByRole("heading", { name, exact: true }), name).toBeVisible();
          // Inside the panel the tab keeps the menu entry's name: the panel belongs to 'Comunidades'.
          await expect(page).toHaveTitle("Comunidades · Coordina");
          await expectBuilt(page);
        }
      });
    }
  });
}
