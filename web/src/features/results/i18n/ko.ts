const ko = {
  title: '시험 결과',
};

export default ko;
