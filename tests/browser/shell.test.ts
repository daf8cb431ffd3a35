import { describe, expect, test } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import { pageApi, ready, registerThroughForm } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

const { baseUrl, open, visit } = useBrowser();

const SIGNED_IN_USER = {
  id: 'u-1',
  username: 'admin01',
  email: 'admin01@example.com',
  first_name: 'Mina',
  last_name: '',
  email_verified: true,
  role: 'admin_role',
  is_superuser: false,
  is_staff: false,
  has_study_admin_role: true,
  date_joined: '2025-08-01T00:00:00.000Z',
  language: 'en',
};

describe('home and language', () => {
  test('a logged-out visit to / goes to the service introduction', async () => {
    const { page, errors, close } = await visit('/');
    await page.waitForURL(`${baseUrl}/service-introduction`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('퀴즈');
    expect(errors).toEqual([]);
    await close();
  });

  test('home renders in Korean with ?fromHomeMenu=true', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('꾸준한 문제 풀이로 실력을 쌓으세요');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    for (const label of ['소개', '홈', '스터디', '시험'])
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    expect(await page.getByTestId('language-switch').textContent()).toBe('EN');
    await page.getByTestId('navbar').getByRole('link', { name: '로그인' }).waitFor();
    const cards = page.getByTestId('feature-cards').locator('li');
    expect(await cards.count()).toBe(6); // the admin card is hidden from visitors
    expect(await page.title()).toBe('홈 · Quizbank');
    await screenshot(page, 'home-ko-desktop');
    expect(errors).toEqual([]);
    await close();
  });

  test("the app's Korean words take one small font file per weight; an English page fetches no font", async () => {
    const fontsOf = async (locale: string) => {
      const { page, context, errors, close } = await open({ locale });
      const fonts: string[] = [];
      context.on('request', (request) => {
        if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${baseUrl}/?fromHomeMenu=true`);
      await page.getByTestId('home-page').waitFor();
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      const drawnWith = await page.evaluate(() => document.fonts.check('700 16px "Pretendard UI"', '꾸준한'));
      const uiFonts = [...fonts];
      // Content in a syllable none of the app's words use takes its frequency slice, once the lazy CSS is in.
      await page.waitForFunction(() => [...document.fonts].some((face) => face.family.includes('Pretendard Web')));
      const contentDrawn = await page.evaluate(async () => {
        const loaded = await document.fonts.load('400 16px "Pretendard Web"', '뷁');
        return loaded.length > 0 && document.fonts.check('400 16px "Pretendard Web"', '뷁');
      });
      expect(errors).toEqual([]);
      await close();
      return { fonts: uiFonts, contentFonts: fonts.slice(uiFonts.length), drawnWith, contentDrawn };
    };
    const korean = await fontsOf('ko-KR');
    // D260: the app's own words come from the generated UI subset; no content slice is needed on home.
    expect(korean.fonts.every((path) => /pretendard-ui-(400|700)-/.test(path))).toBe(true);
    expect(korean.fonts.length).toBeGreaterThan(0);
    expect(korean.fonts.length).toBeLessThanOrEqual(2);
    expect(korean.drawnWith).toBe(true);
    expect(korean.contentDrawn).toBe(true);
    expect(korean.contentFonts).toHaveLength(1);
    expect(korean.contentFonts[0]).toMatch(/Pretendard-Regular\.subset\.\d+-/);
    const english = await fontsOf('en-US');
    expect(english.fonts).toEqual([]);
  });

  // D505: syllables the UI font draws and syllables only the content slices draw, each as the only text of its
  // size and weight on a screen laid out before its face arrived (an English start-up waits for no font): in a
  // link (an exam title) and in a button, which does not inherit the page's word spacing (the user's name).
  test.each([
    ['en-US', '쿠버네티스 기초', 'Pretendard UI', 'exam title'],
    ['en-US', '떡볶', 'Pretendard Web', 'exam title'],
    ['ko-KR', '떡볶', 'Pretendard Web', 'exam title'],
    ['en-US', '상세', 'Pretendard UI', 'user name'],
  ] as const)('%s: %s is drawn in %s, not left as empty boxes (%s)', async (locale, text, family, place) => {
    const { page, errors, close } = await visit('/register', { locale });
    const userName = place === 'user name' ? text : 'Boxes';
    await registerThroughForm(page, `boxes${Date.now().toString(36)}`, userName, 'correct-horse-42');
    if (place === 'exam title') {
      const created = await pageApi(page, 'POST', '/api/create-exam/', { title: text, question_count: 0 });
      expect(created.status).toBeLessThan(300);
    }
    // A full load of a screen whose first render shows the text: the learner's own exam list, under the navbar.
    await page.goto(`${baseUrl}/exam-management`);
    const drawn =
      place === 'exam title'
        ? page.getByRole('link', { name: text, exact: true })
        : page.getByTestId('user-menu').getByText(text, { exact: true });
    await drawn.waitFor();
    await page.waitForFunction((name) => [...document.fonts].some((face) => face.family.includes(name)), family);
    // The text as laid out, against the same text in the same size and weight drawn by the face that covers
    // it once that face is in: empty boxes are less than half as wide as Pretendard's syllables.
    const widthGap = () =>
      drawn.evaluate(async (element, fontFamily) => {
        const style = getComputedStyle(element);
        const text = element.textContent ?? '';
        const faces = await document.fonts.load(`${style.fontWeight} ${style.fontSize} '${fontFamily}'`, text);
        if (faces.length === 0) return Infinity;
        const reference = document.createElement('span');
        reference.style.cssText = `position:absolute;white-space:nowrap;font-family:'${fontFamily}';font-size:${style.fontSize};font-weight:${style.fontWeight}`;
        reference.textContent = text;
        document.body.append(reference);
        const drawn = reference.getBoundingClientRect().width;
        reference.remove();
        return Math.abs(element.getBoundingClientRect().width - drawn) / drawn;
      }, family);
    await expect.poll(widthGap, { timeout: 10_000 }).toBeLessThan(0.05);
    expect(errors).toEqual([]);
    await close();
  });

  test('home renders in English for an English browser', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'en-US' });
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Build real skill through steady practice',
    );
    expect(await page.getByTestId('language-switch').textContent()).toBe('KR');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Study' }).waitFor();
    await screenshot(page, 'home-en-desktop');
    expect(errors).toEqual([]);
    await close();
  });

  test('the language switch changes the language, stores it and survives a reload', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await page.getByTestId('language-switch').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByRole('heading', { name: 'Build real skill through steady practice' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(await page.getByTestId('language-switch').textContent()).toBe('KR');

    await page.reload();
    await ready(page);
    await page.getByRole('heading', { name: 'Build real skill through steady practice' }).waitFor();

    await page.getByTestId('language-switch').click();
    await page.getByRole('heading', { name: '꾸준한 문제 풀이로 실력을 쌓으세요' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ko');
    expect(errors).toEqual([]);
    await close();
  });

  test('the app loads the server translations of its language', async () => {
    // The merge under `server` is a unit test (web-server-translations); here the built app asks for them.
    const { page, close } = await open({ locale: 'en-US' });
    const answer = page.waitForResponse((response) => response.url().includes('/api/translations/?lang=en'));
    await page.goto(`${baseUrl}/?fromHomeMenu=true`);
    const body = (await (await answer).json()) as { translations: { errors: Record<string, string> } };
    expect(body.translations.errors.csrf_failed).toContain('CSRF');
    await close();
  });

  test('a signed-in admin sees the user menu and the admin card', async () => {
    const opened = await open({ locale: 'en-US', storage: { user: JSON.stringify(SIGNED_IN_USER), token: 'x' } });
    // The real server has no such session; answer the status check as a signed-in one would.
    await opened.page.route('**/api/auth/status/', (route) =>
      route.fulfill({ json: { authenticated: true, user: SIGNED_IN_USER } }),
    );
    // Nor results: the home's recent results would get a 401 from it.
    await opened.page.route('**/api/exam-results/**', (route) =>
      route.fulfill({ json: { count: 0, next: null, results: [] } }),
    );
    // Nor studies: the home's open studies would get a 401 too.
    await opened.page.route('**/api/studies/**', (route) =>
      route.fulfill({ json: { count: 0, next: null, results: [] } }),
    );
    // Nor the due-today card's count.
    await opened.page.route(
      (url) => url.pathname === '/api/due-today/',
      (route) =>
        route.fulfill({
          json: {
            day: '2026-11-27',
            due: 0,
            learning: 0,
            learning_now: 0,
            new: 0,
            next_learning_due: null,
            capped: false,
          },
        }),
    );
    // Nor favorites: the Favorite menu item opens the favorites view, which reads them.
    await opened.page.route(
      (url) => url.pathname === '/api/favorite-exam-questions/',
      (route) => route.fulfill({ json: { count: 0, questions: [] } }),
    );
    // The favorites view flags leeches with the exam detail's question rows.
    await opened.page.route(
      (url) => url.pathname === '/api/review-leeches/',
      (route) => route.fulfill({ json: { leeches: [] } }),
    );
    await opened.page.route(
      (url) => url.pathname === '/api/questions/ignored/',
      (route) => route.fulfill({ json: { count: 0, ignored_questions: [] } }),
    );
    const { page, errors } = opened;
    await page.goto(`${baseUrl}/`);
    await ready(page);
    await page.getByTestId('home-page').waitFor();
    await page.getByText('Welcome back, Mina').waitFor();
    expect(await page.getByTestId('feature-cards').locator('li').count()).toBe(7);
    expect(
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Introduction' }).count(),
    ).toBe(0);
    await page.getByTestId('user-menu').click();
    for (const item of ['Profile', 'Favorite', 'Log out']) await page.getByRole('menuitem', { name: item }).waitFor();
    await screenshot(page, 'home-en-signed-in', false);
    await page.getByRole('menuitem', { name: 'Favorite' }).click();
    await page.waitForURL(`${baseUrl}/favorites`);
    await page.waitForFunction(
      () => document.querySelector('link#favicon')?.getAttribute('href') === '/favicon-favorites.svg',
    );
    expect(errors).toEqual([]);
    await opened.close();
  });
});

describe('pages', () => {
  const STATIC_PAGES = [
    { path: '/privacy-policy', testId: 'privacy-policy', ko: '개인정보 처리방침', en: 'Privacy policy' },
    { path: '/terms-of-service', testId: 'terms-of-service', ko: '이용약관', en: 'Terms of service' },
    {
      path: '/service-introduction',
      testId: 'service-introduction',
      ko: '풀수록 남는 공부, 퀴즈로 시작하세요',
      en: 'Learning that sticks, one quiz at a time',
    },
    {
      path: '/devops-interview',
      testId: 'devops-interview',
      ko: 'DevOps 면접, 실전처럼 준비하세요',
      en: 'Prepare for DevOps interviews like the real thing',
    },
    { path: '/getting-started', testId: 'getting-started', ko: '여섯 단계로 시작하기', en: 'Get going in six steps' },
  ];

  for (const language of ['ko', 'en'] as const) {
    test(`every static page renders its heading (${language})`, async () => {
      const { page, errors, close } = await visit('/getting-started', {
        locale: language === 'ko' ? 'ko-KR' : 'en-US',
      });
      for (const staticPage of STATIC_PAGES) {
        await page.goto(`${baseUrl}${staticPage.path}`);
        await page.getByTestId(staticPage.testId).waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(staticPage[language]);
        await screenshot(page, `${staticPage.testId}-${language}-desktop`);
      }
      expect(errors).toEqual([]);
      await close();
    });
  }

  test('the policy pages are in English, last updated August 2025, with a contact email', async () => {
    const { page, close } = await visit('/privacy-policy', { locale: 'ko-KR' });
    await page.getByText('최종 수정: August 2025').waitFor();
    await page.getByRole('heading', { name: '1. Information we collect' }).waitFor();
    expect(await page.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
    await close();
  });

  test('getting started shows six numbered steps and a link home', async () => {
    const { page, close } = await visit('/getting-started', { locale: 'en-US' });
    expect(await page.getByTestId('getting-started').locator('ol > li').count()).toBe(6);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByTestId('home-page').waitFor();
    await close();
  });

  test('the service introduction shows four features and the sign-up call to action when signed out', async () => {
    const { page, close } = await visit('/service-introduction', { locale: 'en-US' });
    expect(await page.locator('[data-testid^="feature-"]').count()).toBe(4);
    await page.getByTestId('signup-cta').waitFor();
    await close();
  });

  test('the main menu moves between screens without a console error', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'en-US' });
    await page.getByTestId('home-page').waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Study' }).click();
    await page.getByTestId('study-management-page').waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
    await page.getByTestId('home-page').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  test('an unknown address shows the not-found page', async () => {
    const { page, close } = await visit('/no-such-page', { locale: 'en-US' });
    await page.getByTestId('not-found').waitFor();
    await close();
  });

  test('no page writes a console error, and the CSRF probe succeeds', async () => {
    const paths = [
      '/?fromHomeMenu=true',
      '/getting-started',
      '/privacy-policy',
      '/terms-of-service',
      '/service-introduction',
      '/devops-interview',
      '/take-exam',
      '/take-exam/e1',
      '/random-practice',
      '/results',
      '/question-files',
      '/create-exam',
      '/exam-management',
      '/exam-detail/e1',
      '/favorites',
      '/study-management',
      '/study-detail/s1',
      '/study-progress-dashboard/s1',
      '/member-management/s1',
      '/register',
      '/login',
      '/profile',
      '/user-management',
      '/verify-email/t1',
      '/missing',
    ];
    for (const locale of ['ko-KR', 'en-US']) {
      const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale });
      for (const path of paths) {
        await page.goto(`${baseUrl}${path}`);
        await ready(page);
        await page.locator('main > *').first().waitFor();
      }
      // The probe fires 3 s after start; stay on the last page until it has answered.
      const probe = await page.waitForResponse((r) => r.url().endsWith('/api/test-csrf/'), { timeout: 10_000 });
      expect(probe.status()).toBe(200);
      // /verify-email/t1 asks the server about a token that does not exist, /take-exam/e1 about an
      // exam that does not exist, /study-detail/s1 and /member-management/s1 about a study that does
      // not exist: their 400 and 404 are the expected answers.
      const expected = ['/api/verify-email/t1/', '/api/exam/e1/', '/api/studies/s1/'];
      expect(
        errors.filter(
          (error) => !(error.startsWith('Failed to load resource') && expected.some((path) => error.includes(path))),
        ),
      ).toEqual([]);
      await close();
    }
  }, 180_000); // 50 screens on two shared cores
});

describe('phone width', () => {
  test('the navbar renders at phone width (390 px) and its menu opens', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { viewport: 'phone', locale: 'ko-KR' });
    const navbar = page.getByTestId('navbar');
    expect(await navbar.isVisible()).toBe(true);
    const box = await navbar.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.getByTestId('language-switch').waitFor({ state: 'visible' });
    await page.getByTestId('navbar').getByRole('link', { name: '로그인' }).waitFor({ state: 'visible' });
    await screenshot(page, 'home-ko-phone');

    const menuLink = page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '스터디' });
    expect(await menuLink.isVisible()).toBe(false);
    await page.getByTestId('menu-toggle').click();
    await menuLink.waitFor({ state: 'visible' });
    await screenshot(page, 'menu-open-ko-phone', false);
    await menuLink.click();
    await page.getByTestId('study-management-page').waitFor();
    expect(await menuLink.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  test('static pages fit the phone width in both languages', async () => {
    for (const locale of ['ko-KR', 'en-US']) {
      const { page, close } = await visit('/service-introduction', { viewport: 'phone', locale });
      const tag = locale.slice(0, 2);
      for (const path of ['/service-introduction', '/devops-interview', '/getting-started', '/privacy-policy']) {
        await page.goto(`${baseUrl}${path}`);
        await ready(page);
        await page.locator('main h1').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS.phone.width,
        );
        await screenshot(page, `${path.slice(1)}-${tag}-phone`);
      }
      await close();
    }
  });
});
