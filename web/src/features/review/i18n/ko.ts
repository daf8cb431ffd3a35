const ko = {
  title: '복습',
  loading: '복습할 문제를 불러오는 중…',
  loadFailed: '복습할 문제를 불러오지 못했습니다.',
  retry: '다시 시도',
  pending: '보내지 못한 채점 {{count}}개가 있습니다. 연결되면 자동으로 다시 보냅니다.',
  filter: {
    exam: '이 시험의 문제만 복습합니다.',
    study: '이 스터디 과제의 문제만 복습합니다.',
    all: '전체 복습으로',
  },
  counts: {
    new: '새 문제',
    learning: '학습 중',
    due: '복습',
  },
  kind: {
    new: '새 문제',
    learning: '학습 중',
    due: '복습',
  },
  card: {
    show: '답 보기',
    check: '답 확인',
    answer: '정답',
    yourAnswer: '내 답',
    correctAnswer: '정답',
    explanation: '해설',
  },
  grade: {
    label: '얼마나 잘 기억했나요?',
    again: '다시',
    hard: '어려움',
    good: '알맞음',
    easy: '쉬움',
  },
  undo: {
    button: '되돌리기 (Z)',
    done: '마지막 채점을 되돌렸습니다.',
    nothing: '되돌릴 채점이 없습니다.',
    failed: '채점을 되돌리지 못했습니다.',
  },
  done: {
    title: '오늘 복습을 모두 마쳤습니다',
    body: '지금 복습할 문제가 없습니다. 내일 다시 오세요.',
    learningLater: '학습 중인 문제가 {{time}}에 다시 나옵니다.',
    home: '홈으로',
  },
  leeches: {
    title: '자꾸 틀리는 문제',
    description: '8번 이상 틀린 문제입니다. 문제를 고치거나 복습에서 제외해 보세요.',
    badge: '자꾸 틀림',
    failures: '{{count}}번 틀림',
    edit: '수정',
    ignore: '제외',
    ignored: '이 문제를 복습에서 제외했습니다.',
    ignoreFailed: '문제를 제외하지 못했습니다.',
  },
  shortcuts: {
    title: '단축키',
    button: '단축키 (?)',
    keys: {
      reveal: 'Space / Enter',
      grade: '1 / 2 / 3 / 4',
      accept: 'Space / Enter',
      undo: 'Z',
      help: '?',
    },
    does: {
      reveal: '답 보기 (답 입력란에서는 Enter로 답 확인, Shift+Enter는 줄바꿈)',
      grade: '답을 본 뒤 채점: 다시 / 어려움 / 알맞음 / 쉬움',
      accept: '답을 본 뒤 제안된 채점(없으면 알맞음)으로 넘어가기',
      undo: '마지막 채점 되돌리기',
      help: '이 단축키 목록 열기',
    },
  },
};

export default ko;
