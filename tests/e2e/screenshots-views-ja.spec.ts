import { test } from '@playwright/test';
import { screenshotViewPages } from './helpers';

// One file a language, so the three share out across the CI shards (screenshots.spec.ts has the other screens).
test('screenshots of every view page in ja', async ({ page }) => {
  test.setTimeout(150_000);
  await screenshotViewPages(page, 'ja');
});
