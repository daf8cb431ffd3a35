const ko = {
  title: '랜덤 연습',
  subtitle: '스터디의 시험 문제를 무작위로 풀어봅니다.',
  loading: '불러오는 중...',
  loadFailed: '스터디 목록을 불러오지 못했습니다.',
  noStudies: '참여 중인 스터디가 없습니다.',
  findStudy: '참여할 스터디 찾기',
  select: '선택',
  period: '{{start}} ~ {{end}}',
  progress: '진행률 {{value}}%',
  questionsInStudy_one: '문제 {{count}}개',
  questionsInStudy_other: '문제 {{count}}개',
  settings: {
    title: '연습 설정',
    count: '문제 수 (1 ~ {{max}})',
    start: '시작',
    another: '다른 스터디 선택',
  },
  question: {
    next: '다음',
    finish: '마치기',
    counter: '{{n}} / {{total}}',
    elapsed: '경과 시간 {{time}}',
    submit: '제출',
    skip: '건너뛰기',
    end: '종료',
  },
  saved: {
    saving: '답을 저장하는 중…',
    counted_one:
      '답 {{count}}개가 연습으로 기록되었습니다. 시험 결과(이 스터디 이름으로), 문제 통계, 복습 기록, 스터디 진행률에 한 번씩 들어갑니다.',
    counted_other:
      '답 {{count}}개가 연습으로 기록되었습니다. 시험 결과(이 스터디 이름으로), 문제 통계, 복습 기록, 스터디 진행률에 한 번씩 들어갑니다.',
    results: '시험 결과 보기',
    failed: '답을 저장하지 못해 어디에도 기록되지 않았습니다.',
    retry: '다시 저장',
  },
  result: {
    retryMissed: '틀린 문제 다시 풀기',
    back: '연습 설정으로 돌아가기',
  },
  startFailed: '연습을 시작하지 못했습니다.',
  noQuestions: '연습할 문제가 없습니다.',
  entry: {
    loading: '데이터를 불러오는 중입니다. 잠시 후 다시 시도해주세요.',
    noStudies: '참여 중인 스터디가 없습니다. 스터디 관리로 이동합니다.',
  },
};
export default ko;
