const ko = {
  privacy: { title: '개인정보 처리방침' },
  terms: { title: '이용약관' },
  lastUpdated: '최종 수정: {{date}}',
  englishOnly: '이 문서는 영어로 제공됩니다.',
  contactHeading: '문의',
  contactText: '이 문서에 대해 궁금한 점이 있으면 이메일로 문의해 주세요:',
};

export default ko;
