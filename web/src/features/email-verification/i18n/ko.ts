const ko = {
  title: '이메일 인증',
  loading: '이메일 주소를 인증하는 중...',
  successTitle: '이메일 인증 완료',
  success: '이메일 주소가 인증되었습니다.',
  errorTitle: '이메일을 인증하지 못했습니다',
  error: '인증 중 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  tokenMissing: '인증 링크에 토큰이 없습니다. 메일의 링크를 다시 열어 주세요.',
  retry: '인증 메일 다시 받기',
  retrying: '보내는 중...',
  retrySent: '새 인증 메일을 보냈습니다. 메일함을 확인해 주세요.',
  retryFailed: '인증 메일을 보내지 못했습니다.',
  toProfile: '프로필로 이동',
  toHome: '홈으로 이동',
};

export default ko;
