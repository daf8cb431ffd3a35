const ko = {
  notFound: {
    title: '페이지를 찾을 수 없습니다',
    description: '주소가 바뀌었거나 없는 페이지입니다. 주소를 확인하거나 홈에서 다시 시작해 주세요.',
    home: '홈으로 가기',
  },
  routeError: {
    title: '페이지를 불러오지 못했습니다',
    description: '네트워크가 불안정하거나 새 버전이 배포되었을 수 있습니다. 새로고침하면 대부분 해결됩니다.',
    timeout: '페이지를 불러오는 데 너무 오래 걸립니다. 연결 상태를 확인한 뒤 새로고침해 주세요.',
    reload: '새로고침',
    home: '홈으로 가기',
  },
};

export default ko;
