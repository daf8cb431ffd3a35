const ko = {
  title: '오늘의 퀴즈',
  opening: '오늘의 퀴즈를 여는 중...',
  loginRequired: '로그인이 필요합니다.',
  failed: 'Daily Exam 생성에 실패했습니다.',
  subscriptions: '구독 시험 고르기',
  home: '홈으로',
};

export default ko;
