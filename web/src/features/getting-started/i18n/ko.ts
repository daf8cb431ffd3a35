const ko = {
  title: '시작 가이드',
  eyebrow: '시작 가이드',
  heading: '여섯 단계로 시작하기',
  lead: '처음 오셨나요? 아래 순서대로 따라 하면 문제 파일 하나로 시험과 스터디, 매일의 연습까지 바로 시작할 수 있습니다.',
  stepLabel: '{{number}}단계',
  go: '바로 가기',
  steps: {
    uploadFiles: {
      title: '문제 파일 올리기',
      description:
        '엑셀이나 CSV로 정리한 문제 파일을 올립니다. 문제, 정답, 설명을 한국어와 영어로 함께 담을 수 있습니다.',
    },
    createStudy: {
      title: '스터디 만들기',
      description: '함께 공부할 학습 그룹을 만들고 목표와 기간, 과제를 정한 뒤 멤버를 초대합니다.',
    },
    createExam: {
      title: '시험 만들기',
      description: '올린 문제에서 골라 시험을 만듭니다. 태그로 정리하고 스터디 과제에 연결할 수 있습니다.',
    },
    startPractice: {
      title: '연습 시작하기',
      description:
        '시험을 풀어 봅니다. 틀린 문제만 다시 풀거나 랜덤 연습으로 여러 스터디의 문제를 섞어 풀 수 있습니다.',
    },
    setupProfile: {
      title: '이메일과 프로필 설정',
      description: '이메일을 인증하고 매일 받을 퀴즈 수를 정하면 오늘의 문제가 메일로 도착합니다.',
    },
    viewResults: {
      title: '결과 확인하기',
      description: '점수와 소요 시간, 문제별 정답률을 확인하고 약한 부분을 다시 연습합니다.',
    },
  },
  backHome: '홈으로 돌아가기',
};

export default ko;
