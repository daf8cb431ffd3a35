import { startInProcessCloud } from './local-server.js';
import { batchWriteAll, putRequest } from '../functions/runtime/data/batch-ops.js';
import { studyDayEntity } from '../functions/domains/studies/index.js';
import { dayOf } from '#shared/domain/study-progress.js';
import { questionSheet, signedInSession, timed, type Report } from './api-session.js';
import { countDynamoRequests } from './dynamo-requests.js';

/**
 * The study dashboard's figures: the dashboard's calls (statistics ∥ history ∥ record-study-progress) for a
 * member with a year of daily records in a study of 200 task exams, and drawing 50 random-practice
 * questions from that study. The API runs in this process so every DynamoDB request is counted.
 */
export async function benchStudyProgress(rootDir: string, report: Report): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
  const requests = countDynamoRequests();
  try {
    const { headers } = await signedInSession(cloud.url);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${cloud.url}${path}`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string; created_by: { id: string } };
    };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(questionSheet(2000))]), 'bench-study-progress.xlsx');
    form.append('is_public', 'false');
    const imported = await fetch(`${cloud.url}/api/upload-questions/`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
    const fileId = ((await imported.json()) as { file: { id: string } }).file.id;

    const study = await post('/api/studies/', { title_ko: `벤치 스터디 ${Date.now()}`, is_public: false });
    const userId = String(study.created_by.id);
    // 200 private task exams of 10 questions each, 10 at a time.
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const exam = await post('/api/create-exam/', {
            title: `bench task exam ${batch * 10 + i} ${Date.now()}`,
            file_id: fileId,
            question_count: 10,
            is_public: false,
          });
          await post('/api/study-tasks/', {
            study: study.id,
            name_ko: `과제 ${batch * 10 + i}`,
            exam: exam.id,
            progress: 0,
          });
        }),
      );
    }
    // A year of daily records.
    const today = new Date();
    await batchWriteAll(
      Array.from({ length: 366 }, (_, offset) => {
        const day = new Date(today);
        day.setUTCDate(day.getUTCDate() - offset);
        const date = dayOf(day);
        return putRequest({
          ...studyDayEntity.key(userId, study.id, date),
          type: studyDayEntity.type,
          study_id: study.id,
          date,
          access_count: 3,
          highest_progress: 40,
          attempted_progress: 60,
          last_recorded_at: `${date}T09:00:00.000Z`,
          study_seconds: 1200,
          [studyDayEntity.taskSecondsAttribute(`${study.id}_1`)]: 600,
        });
      }),
    );

    const get = async (path: string) => {
      const res = await fetch(`${cloud.url}${path}`, { headers: headers() });
      if (!res.ok) throw new Error(`${path} failed: ${res.status}`);
      await res.arrayBuffer();
    };
    const dashboard = (days: string) => () =>
      Promise.all([
        get(`/api/study-time-statistics/${study.id}/${days}`),
        get(`/api/study-progress-history/${study.id}/${days}`),
        post('/api/record-study-progress/', {
          study_id: study.id,
          page_type: 'dashboard',
          client_time: new Date().toISOString(),
        }),
      ]).then(() => undefined);

    for (const days of ['?days=365', '']) {
      await cloud.idle();
      requests.reset();
      await dashboard(days)();
      const count = requests.count();
      const label = days ? '365 days' : 'all days';
      report(`dashboard (statistics ∥ history ∥ record), ${label}, 200 tasks: DynamoDB requests`, String(count), {
        ok: count <= 20,
        text: '≤ 20, constant in days',
      });
      const run = await timed(dashboard(days), { seconds: 8, connections: 1 });
      report(`dashboard, ${label}: p50 / p99`, `${run.p50Ms} ms / ${run.p99Ms} ms`, {
        ok: run.errors === 0,
        text: 'no errors',
      });
    }

    const draw = () => get(`/api/random-practice/${study.id}/?count=50`);
    await cloud.idle();
    requests.reset();
    await draw();
    const drawCount = requests.count();
    report('GET /api/random-practice/{id}/?count=50 (200 task exams): DynamoDB requests', String(drawCount), {
      ok: drawCount <= 8,
      text: '≤ 8',
    });
    const drawRun = await timed(draw, { seconds: 8, connections: 1 });
    report('random practice draw of 50: p50 / p99', `${drawRun.p50Ms} ms / ${drawRun.p99Ms} ms`, {
      ok: drawRun.errors === 0,
      text: 'no errors',
    });
  } finally {
    await cloud.stop();
  }
}
