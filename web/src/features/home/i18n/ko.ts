const ko = {
  title: '홈',
  hero: {
    eyebrow: '퀴즈로 배우는 학습 플랫폼',
    welcome: '{{name}}님, 다시 오신 것을 환영합니다',
    title: '꾸준한 문제 풀이로 실력을 쌓으세요',
    lead: '문제 파일을 올리고 시험과 스터디로 묶어 연습하세요. 틀린 문제는 다시, 익힌 문제는 가볍게 — 매일 조금씩 실력이 쌓입니다.',
    start: '시작하기',
    browseStudies: '스터디 둘러보기',
  },
  cards: {
    heading: '무엇을 해 볼까요?',
    open: '열기',
    loginRequired: '로그인 필요',
    adminOnly: '관리자',
    gettingStarted: { title: '시작 가이드', description: '처음이라면 여섯 단계로 서비스 사용법을 익혀 보세요.' },
    studyManagement: { title: '스터디 관리', description: '학습 그룹을 만들고 과제와 진행 상황을 함께 관리합니다.' },
    examManagement: { title: '시험 관리', description: '문제를 시험으로 묶고, 공유하고, 태그로 정리합니다.' },
    dailyExam: { title: '오늘의 시험', description: '구독한 시험에서 골라 만든 오늘의 문제를 풀어 봅니다.' },
    questionFiles: { title: '문제 파일', description: '엑셀·CSV 문제 파일을 올리고 내용을 확인합니다.' },
    randomPractice: { title: '랜덤 연습', description: '참여한 스터디의 문제를 무작위로 골라 연습합니다.' },
    userManagement: { title: '사용자 관리', description: '사용자 계정과 역할을 관리합니다.' },
  },
  dailyExamSoon: '오늘의 시험 기능은 곧 제공될 예정입니다.',
};

export default ko;
