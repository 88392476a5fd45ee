/** Helpers of the engine specs: administrator sign-in with the role switch, and a generic screen object. */
import { expect, type Locator, type Page } from '@playwright/test';
import { go, signIn } from './helpers';

/** Signs in and switches to the administrator role of `organName` through 切换管理组织. */
export async function signInAdmin(page: Page, userName: string, organName: string) {
  await signIn(page, userName);
  // an administrator-only account (the 三员) lands in his role at once: no 切换管理员 to go through
  const toAdmin = page.getByTestId('switch-admin');
  await expect(toAdmin.or(page.getByRole('banner').getByText(organName)).first()).toBeVisible({ timeout: 30_000 });
  if (!(await toAdmin.isVisible())) return;
  await toAdmin.click();
  const dialog = page.getByRole('dialog', { name: '切换管理组织' });
  const confirm = dialog.getByRole('button', { name: /确\s*定/ });
  // a click while the dialog still opens (or its list re-renders) may not choose: choose until 确定 is enabled
  await expect(async () => {
    await dialog.getByText(organName, { exact: true }).click();
    await expect(confirm).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await confirm.click();
  await expect(dialog).toBeHidden();
  await page.waitForLoadState('networkidle');
}

/** One page object for any configured screen: rows, buttons, the form, confirm prompts. */
export class Screen {
  constructor(readonly page: Page) {}
  /** Types a day and time into a form's picker and confirms it. */
  async setTime(title: string, value: string) {
    const input = this.field(title).locator('input');
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toHaveValue(value);
  }
  /** Checks an organisation in an OrganTreeSelect field, opening the levels above it. */
  async checkOrgan(title: string, path: string[], name: string) {
    await this.field(title).locator('.ant-select-selector').click();
    const dropdown = this.page.locator('.ant-select-tree:visible');
    for (const level of path) {
      const node = dropdown.locator('.ant-select-tree-treenode', { has: this.page.locator(`.ant-select-tree-title:text-is("${level}")`) });
      await node.locator('.ant-select-tree-switcher').click();
    }
    await dropdown.locator(`.ant-select-tree-title:text-is("${name}")`).click();
    await this.page.keyboard.press('Escape');
    await expect(this.field(title).locator('.ant-select-selection-item', { hasText: name })).toBeVisible();
  }
  async open(path: string) {
    await go(this.page, path);
    // a screen's chunk and its first call: allow for a busy machine
    await expect(this.page.locator('[data-screen]').first()).toBeVisible({ timeout: 30_000 });
  }
  row(text: string): Locator {
    return this.page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
  }
  async rowAction(text: string, action: string) {
    await this.row(text).first().getByRole('button', { name: new RegExp(`^${action.split('').join('\\s*')}$`) }).click();
  }
  async toolbar(label: string) {
    await this.page.locator('.dj-table__toolbar').getByRole('button', { name: label }).click();
  }
  /** a field of the Formily form by its title */
  field(title: string): Locator {
    return this.page.locator('.ant-formily-item', { has: this.page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?${title}[:：]?$`) }) });
  }
  /**
   * Picks an organisation in a form field's cascader (the first level holding `name`) and checks the
   * field shows it: a click while the menu still renders its options can miss, so it is tried again.
   */
  async pickOrgan(title: string, name: string) {
    const field = this.field(title);
    const dropdown = this.page.locator('.ant-cascader-dropdown:visible');
    await expect(async () => {
      if (!(await dropdown.count())) await field.locator('.ant-select-selector').click();
      await dropdown.locator('.ant-cascader-menu-item', { hasText: name }).first().click({ timeout: 5_000 });
      // Escape closes the menu; with no menu open it would close the dialog
      if (await dropdown.count()) await this.page.keyboard.press('Escape');
      await expect(field.locator('.ant-select-selection-item')).toContainText(name, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
  async fill(title: string, value: string) {
    await this.field(title).locator('input, textarea').first().fill(value);
  }
  async submitForm() {
    await this.page.getByTestId('form-submit').click();
  }
  /** answers the confirm prompt, checking its text verbatim */
  async confirm(text: string) {
    const dialog = this.page.locator('.ant-modal-confirm', { hasText: text });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
  }
  async toast(text: string) {
    await expect(this.page.locator('.ant-message').getByText(text).last()).toBeVisible();
  }
}
