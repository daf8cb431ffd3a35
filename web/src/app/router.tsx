import type { ComponentType } from 'react';
import { createBrowserRouter, redirectDocument, type RouteObject } from 'react-router-dom';
import { withTimeout } from '../lib/lazy-route.js';
import { RouteErrorPage } from '../features/status-pages/components/route-error-page.js';
import { AppLayout } from './layout/app-layout.js';
import { PageLoading } from './page-loading.js';
import type { RouteHandle } from './route-handle.js';

/** A route whose screen arrives as its own chunk, within the original client's 120 s. */
function page(path: string | undefined, titleKey: string, load: () => Promise<ComponentType>): RouteObject {
  const handle: RouteHandle = { titleKey };
  const lazy = withTimeout(async () => ({ Component: await load() }));
  return path === undefined ? { index: true, handle, lazy } : { path, handle, lazy };
}

/** The route table of docs/product.md#layout. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: PageLoading,
    children: [
      {
        // Pathless: a failing screen renders its error inside the layout, navbar intact. Bundled
        // eagerly because it must show when a chunk could not be fetched (offline, new deploy).
        ErrorBoundary: RouteErrorPage,
        children: [
          page(
            undefined,
            'home.title',
            async () => (await import('../features/home/components/home-page.js')).HomePage,
          ),
          page(
            'getting-started',
            'gettingStarted.title',
            async () =>
              (await import('../features/getting-started/components/getting-started-page.js')).GettingStartedPage,
          ),
          page(
            'privacy-policy',
            'legal.privacy.title',
            async () => (await import('../features/legal/components/privacy-policy-page.js')).PrivacyPolicyPage,
          ),
          page(
            'terms-of-service',
            'legal.terms.title',
            async () => (await import('../features/legal/components/terms-of-service-page.js')).TermsOfServicePage,
          ),
          page(
            'service-introduction',
            'introduction.service.title',
            async () =>
              (await import('../features/introduction/components/service-introduction-page.js'))
                .ServiceIntroductionPage,
          ),
          page(
            'devops-interview',
            'introduction.devops.title',
            async () =>
              (await import('../features/introduction/components/devops-interview-page.js')).DevopsInterviewPage,
          ),

          {
            ...page(
              'take-exam/:examId',
              'takeExam.title',
              async () => (await import('../features/take-exam/components/take-exam-page.js')).TakeExamPage,
            ),
            // The exam read starts with the screen's chunk, not after it has rendered (D91). Not in
            // single-question mode, which first makes a new exam of the one question.
            loader: ({ params, request }) => {
              if (params.examId && !new URL(request.url).searchParams.get('question_id')) {
                void import('../features/take-exam/api/get-exam.js').then((api) => api.preloadExam(params.examId!));
              }
              return null;
            },
          },
          page(
            'take-exam',
            'takeExam.title',
            async () => (await import('../features/take-exam/components/take-exam-page.js')).TakeExamPage,
          ),
          page(
            'exam-summary/:resultId',
            'takeExam.summary.title',
            async () => (await import('../features/take-exam/components/session-summary-page.js')).SessionSummaryPage,
          ),
          page(
            'daily-exam',
            'dailyExam.title',
            async () => (await import('../features/daily-exam/components/daily-exam-page.js')).DailyExamPage,
          ),
          page(
            'random-practice',
            'randomPractice.title',
            async () =>
              (await import('../features/random-practice/components/random-practice-page.js')).RandomPracticePage,
          ),
          page(
            'review',
            'review.title',
            async () => (await import('../features/review/components/review-page.js')).ReviewPage,
          ),
          page(
            'results',
            'results.title',
            async () => (await import('../features/results/components/results-page.js')).ResultsPage,
          ),
          page(
            'results/:resultId',
            'results.title',
            async () => (await import('../features/results/components/result-detail-page.js')).ResultDetailPage,
          ),
          page(
            'question-files',
            'questionFiles.title',
            async () =>
              (await import('../features/question-files/components/question-files-page.js')).QuestionFilesPage,
          ),
          page(
            'notes',
            'notes.title',
            async () => (await import('../features/notes/components/notes-page.js')).NotesPage,
          ),
          page(
            'create-exam',
            'exams.create.title',
            async () => (await import('../features/exams/components/create-exam-page.js')).CreateExamPage,
          ),
          page(
            'exam-management',
            'exams.management.title',
            async () => (await import('../features/exams/components/exam-management-page.js')).ExamManagementPage,
          ),
          page(
            'exam-detail/:examId',
            'examDetail.title',
            async () => (await import('../features/exam-detail/components/exam-detail-page.js')).ExamDetailPage,
          ),
          page(
            'favorites',
            'examDetail.favorites.title',
            async () => (await import('../features/exam-detail/components/exam-detail-page.js')).ExamDetailPage,
          ),
          page(
            'study-management',
            'studies.management.title',
            async () => (await import('../features/studies/components/study-management-page.js')).StudyManagementPage,
          ),
          page(
            'study-detail/:studyId',
            'studies.detail.title',
            async () => (await import('../features/studies/components/study-detail-page.js')).StudyDetailPage,
          ),
          page(
            'study-progress-dashboard/:studyId',
            'studyProgress.title',
            async () =>
              (await import('../features/study-progress/components/study-progress-dashboard-page.js'))
                .StudyProgressDashboardPage,
          ),
          page(
            'member-management/:studyId',
            'studyMembers.title',
            async () =>
              (await import('../features/study-members/components/member-management-page.js')).MemberManagementPage,
          ),
          page(
            'register',
            'auth.register.title',
            async () => (await import('../features/auth/components/register-page.js')).RegisterPage,
          ),
          page(
            'login',
            'auth.login.title',
            async () => (await import('../features/auth/components/login-page.js')).LoginPage,
          ),
          page(
            'profile',
            'profile.title',
            async () => (await import('../features/profile/components/profile-page.js')).ProfilePage,
          ),
          page(
            'user-management',
            'userManagement.title',
            async () =>
              (await import('../features/user-management/components/user-management-page.js')).UserManagementPage,
          ),
          page(
            'verify-email/:token',
            'emailVerification.title',
            async () =>
              (await import('../features/email-verification/components/verify-email-page.js')).VerifyEmailPage,
          ),

          // Short links are answered by the API; an in-app link to one must leave the SPA.
          { path: 's/*', loader: ({ request }) => redirectDocument(new URL(request.url).pathname) },

          page(
            '*',
            'statusPages.notFound.title',
            async () => (await import('../features/status-pages/components/not-found-page.js')).NotFoundPage,
          ),
        ],
      },
    ],
  },
];

/**
 * Creating the router starts loading the first screen's chunk at once, so main.tsx creates it
 * before it waits for the translations: the two downloads run side by side, not one after the other.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
