const ko = {
  skipToContent: '본문으로 건너뛰기',
  loadingPage: '페이지를 불러오는 중...',
  fileInput: {
    choose: '파일 선택',
    none: '선택된 파일 없음',
  },
  update: {
    ready: '새 버전이 준비되었습니다.',
    reload: '새로고침',
  },
  close: '닫기',
  errors: {
    network_error: '서버에 연결할 수 없습니다. 인터넷 연결을 확인해 주세요.',
    invalid_response: '서버 응답을 이해할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    generic: '문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  },
};

export default ko;
