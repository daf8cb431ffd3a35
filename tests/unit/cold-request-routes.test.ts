import { describe, expect, it } from 'vitest';
import { routeKey } from '#shared/contracts/define-route.js';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { coldRequests } from '../../bench/cold-request.js';

describe('the whole cold request bench (D109)', () => {
  const requests = coldRequests(
    { studyId: 'study-1', shortCode: 'Abc123x' },
    { admin: 'admin-1', learner: 'learner-1' },
  );

  it('has one representative route per route group, in the manifest order', () => {
    expect(requests.map((r) => r.group)).toEqual(ROUTE_GROUPS.map((g) => g.name));
  });

  it('sends each group an event of its own route, with every path parameter filled and the session cookie', () => {
    for (const request of requests) {
      const group = ROUTE_GROUPS.find((g) => g.name === request.group)!;
      expect(group.routes.map(routeKey)).toContain(request.event.routeKey);
      expect(request.event.rawPath).not.toMatch(/[{}]/);
      const learnerLists = ['exams', 'files', 'studies'];
      expect(request.event.cookies).toEqual([
        `sessionid=${learnerLists.includes(request.group) ? 'learner-1' : 'admin-1'}`,
      ]);
      expect(request.event.requestContext.http.method).toBe('GET');
    }
    expect(requests.find((r) => r.group === 'study-progress')!.event.pathParameters).toEqual({ studyId: 'study-1' });
    expect(requests.find((r) => r.group === 'links')!.expectedStatus).toBe(302);
    // The learner's lists carry the web client's query, in the raw string the handler reads too.
    const exams = requests.find((r) => r.group === 'exams')!;
    expect(exams.event.queryStringParameters).toEqual({ page_size: '100', my_exams: 'true' });
    expect(exams.event.rawQueryString).toBe('page_size=100&my_exams=true');
    expect(exams.route).toBe('GET /api/exams/?page_size=100&my_exams=true');
  });
});
