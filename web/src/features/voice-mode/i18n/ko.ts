const ko = {
  title: '음성 모드',
  toggle: '음성 모드',
  description: '문제를 읽어 드리고, 말로 한 답을 채점합니다.',
  status: {
    off: '꺼짐',
    initializing: '마이크를 준비하는 중...',
    connected: '연결됨',
    speaking: '읽어 드리는 중...',
    listening: '듣는 중... 답을 말해 주세요',
    submitting: '답을 보내는 중...',
    evaluating: '채점하는 중...',
    completed: '시험을 모두 마쳤습니다',
  },
  interim: '인식 중: {{text}}',
  heard: '내 답: {{text}}',
  correct: '정답입니다!',
  incorrect: '오답입니다.',
  reason: '이유: {{reason}}',
  nextHint: '다음 문제로 넘어가면 이어서 읽어 드립니다.',
  listenAgain: '다시 듣기',
  qualityWarning: '음성이 잘 인식되지 않습니다. 조용한 곳에서 마이크에 가까이 또렷하게 말해 주세요.',
  notices: {
    notSupported: '이 브라우저는 음성 인식을 지원하지 않습니다. Chrome 또는 Edge에서 이용해 주세요.',
    noExamId: '시험 정보가 없어 음성 모드를 켤 수 없습니다.',
    permissionDenied: '마이크 사용 권한이 거부되었습니다. 브라우저 설정에서 마이크를 허용한 뒤 다시 시도해 주세요.',
    networkFailed: '네트워크 문제로 음성 인식을 멈췄습니다. 연결을 확인한 뒤 다시 듣기를 눌러 주세요.',
    evaluationError: '답변을 평가하는 중 오류가 발생했습니다. 단어 일치로 채점했습니다.',
  },
  localReason: {
    exact: '정답과 일치합니다.',
    word_match: '정답의 핵심 단어를 충분히 말했습니다.',
    too_few_words: '정답의 핵심 단어가 충분히 포함되지 않았습니다.',
    empty: '답이 인식되지 않았습니다.',
  },
  speech: {
    completed: '모든 문제를 마쳤습니다. 수고하셨습니다!',
    wrong: '오답입니다. {{reason}} 다시 말해 보세요.',
  },
};

export default ko;
