const ko = {
  cta: {
    signUp: '무료로 가입하기',
    login: '로그인',
    explore: '둘러보기',
    home: '홈으로 가기',
  },
  service: {
    title: '서비스 소개',
    eyebrow: '퀴즈 기반 학습 플랫폼',
    heading: '풀수록 남는 공부, 퀴즈로 시작하세요',
    lead: '문제 파일을 올리면 시험과 스터디가 됩니다. 틀린 문제는 다시 나오고, 익힌 문제는 자연스럽게 빠집니다. 혼자서도, 함께여도 꾸준히 이어 가는 학습을 돕습니다.',
    featuresHeading: '이렇게 배웁니다',
    features: {
      repetition: {
        title: '잊기 전에 다시 보는 반복 학습',
        description:
          '기억이 빠져나가듯 약한 문제부터 다시 나옵니다. 틀린 문제는 자주, 맞힌 문제는 드물게 — 복습 시간이 꼭 필요한 곳에 쓰입니다.',
        points: [
          '문제별 정답률을 기록해 약한 문제를 먼저 제시',
          '틀린 문제만 모아 다시 풀기',
          '이미 익힌 문제는 제외하기',
        ],
      },
      interview: {
        title: '꼬리 질문으로 깊어지는 면접형 학습',
        description:
          '답을 고르는 데서 끝나지 않습니다. 면접관처럼 이어지는 꼬리 질문에 답하며 개념을 설명하는 힘을 기릅니다.',
        points: ['AI 모의 면접용 프롬프트 제공', '음성 모드로 말하며 답하기', '답변 평가로 빈틈 확인'],
      },
      daily: {
        title: '매일 받아 보는 퀴즈로 만드는 습관',
        description: '구독한 시험에서 골라 낸 오늘의 문제가 메일로 도착합니다. 하루 몇 문제면 충분합니다.',
        points: ['원하는 시험을 구독', '하루 문제 수 직접 설정', '메일에서 바로 풀기 시작'],
      },
      analytics: {
        title: '한눈에 보는 진행 분석',
        description: '시험 결과와 스터디 진행률이 쌓여 어디까지 왔는지, 무엇이 남았는지 보여 줍니다.',
        points: ['시험별 점수와 소요 시간 기록', '스터디 멤버별 진행 현황', '문제별 통계로 약점 파악'],
      },
    },
    closing: {
      title: '오늘부터 가볍게 시작해 보세요',
      text: '가입은 1분이면 충분합니다. 첫 문제 파일을 올리고 바로 연습해 보세요.',
    },
  },
  devops: {
    title: 'DevOps 면접 준비',
    eyebrow: 'DevOps 면접 준비',
    heading: 'DevOps 면접, 실전처럼 준비하세요',
    lead: 'CI/CD부터 Kubernetes, 클라우드, 시스템 설계, Linux, SRE까지. 실제 면접에서 나오는 질문으로 스터디를 꾸리고 시험으로 점검하세요.',
    studies: '면접 스터디 보기',
    exams: '면접 문제 시험 보기',
    categoriesHeading: '질문 분야',
    categoriesLead: '현업 면접에서 자주 다루는 여섯 분야를 고르게 준비합니다.',
    categories: {
      cicd: { title: 'CI/CD', description: '빌드·테스트·배포 파이프라인, 배포 전략과 롤백' },
      kubernetes: { title: 'Kubernetes', description: '파드와 컨트롤러, 네트워킹, 스케줄링, 트러블슈팅' },
      cloud: { title: '클라우드', description: 'AWS 등 클라우드 서비스 설계, IAM, 비용과 가용성' },
      systemDesign: { title: '시스템 설계', description: '확장성, 캐시, 큐, 데이터 저장소 선택과 트레이드오프' },
      linux: { title: 'Linux', description: '프로세스, 파일 시스템, 네트워크 명령과 성능 분석' },
      sre: { title: 'SRE', description: 'SLI/SLO, 모니터링과 알림, 장애 대응과 포스트모템' },
    },
    levelsHeading: '경력 수준별 준비',
    levels: {
      junior: {
        title: '주니어',
        description: '핵심 개념을 정확히 설명하고, 기본 명령과 도구를 다룰 수 있는지 봅니다.',
      },
      mid: {
        title: '미드레벨',
        description: '운영 경험을 바탕으로 문제를 진단하고 더 나은 구성을 제안할 수 있는지 봅니다.',
      },
      senior: {
        title: '시니어',
        description: '대규모 시스템을 설계하고 신뢰성·비용·조직의 트레이드오프를 판단할 수 있는지 봅니다.',
      },
    },
    roadmapHeading: '4단계 학습 로드맵',
    roadmap: {
      foundations: { title: '기초 다지기', description: 'Linux와 네트워크 기본기를 문제로 점검합니다.' },
      delivery: { title: '빌드와 배포', description: 'CI/CD 파이프라인과 컨테이너 질문을 반복해서 풉니다.' },
      operations: { title: '대규모 운영', description: 'Kubernetes와 클라우드 운영 질문으로 실전 감각을 기릅니다.' },
      design: { title: '설계와 신뢰성', description: '시스템 설계와 SRE 질문으로 꼬리 질문까지 대비합니다.' },
    },
    step: '{{number}}단계',
    closing: {
      title: '지금 면접 준비를 시작하세요',
      text: '가입하면 스터디에 참여하고, 틀린 문제를 다시 풀며, 매일 퀴즈를 받아 볼 수 있습니다.',
    },
  },
};

export default ko;
