const ko = {
  title: '시험 응시',
};

export default ko;
