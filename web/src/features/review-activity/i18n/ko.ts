const ko = {
  title: '복습 기록',
  description:
    '지난 1년 동안 하루하루 푼 문제 수와 앞으로 30일 동안 복습할 문제 수입니다. 날짜는 학습일 설정을 따릅니다.',
  loading: '복습 기록을 불러오는 중…',
  loadFailed: '복습 기록을 불러오지 못했습니다.',
  currentStreak: '현재 연속 학습',
  longestStreak: '최장 연속 학습',
  totalReviews: '지난 1년 복습',
  days_one: '{{count}}일',
  days_other: '{{count}}일',
  reviews_one: '{{count}}문제',
  reviews_other: '{{count}}문제',
  heatmapTitle: '날짜별 복습',
  heatmapSummary: '지난 365일 중 {{active}}일 동안 모두 {{count}}문제를 복습했습니다.',
  less: '적음',
  more: '많음',
  months: ['1월', '2월', '3월', '4월', '5월', '6월', '7월', '8월', '9월', '10월', '11월', '12월'],
  weekdays: ['일', '월', '화', '수', '목', '금', '토'],
  dayTooltip: '{{date}}: {{count}}문제',
  forecastTitle: '앞으로 30일 복습 예정',
  forecastSummary: '오늘 {{today}}문제, 30일 동안 모두 {{count}}문제가 복습 예정입니다.',
  forecastCapped: '복습 예정 문제가 많아 처음 2,000문제만 셌습니다.',
  due: '복습 예정',
  empty: '아직 복습 기록이 없습니다. 시험을 풀면 여기에 쌓입니다.',
};

export default ko;
