const ko = {
  title: '음성 모드',
};

export default ko;
