import type { Language } from '../../shared/domain/language.js';
import type { SheetQuestion } from '../../shared/domain/question-sheet.js';

/**
 * Two small question banks written for this project (DevOps and Kubernetes basics), one per
 * language. The sample spreadsheets take their first rows; the local demo seed imports them whole.
 */
export const SAMPLE_QUESTIONS: Record<Language, SheetQuestion[]> = {
  ko: [
    { csv_id: '1', title: '컨테이너와 가상 머신', content: '컨테이너가 가상 머신과 다른 가장 큰 점은 무엇인가요?', answer: '컨테이너는 호스트 OS 커널을 공유하고, 가상 머신은 각자 게스트 OS 커널을 가진다.', explanation: '그래서 컨테이너는 더 가볍고 빨리 시작되지만 격리 수준은 가상 머신보다 낮다.', difficulty: 'Easy', url: 'https://kubernetes.io/ko/docs/concepts/overview/', group_id: 'container' },
    { csv_id: '2', title: '파드', content: '쿠버네티스에서 배포할 수 있는 가장 작은 단위는 무엇인가요?', answer: '파드', explanation: '파드는 네트워크와 스토리지를 공유하는 하나 이상의 컨테이너 묶음이다.', difficulty: 'Easy', url: 'https://kubernetes.io/ko/docs/concepts/workloads/pods/', group_id: 'k8s-basic' },
    { csv_id: '3', title: '디플로이먼트', content: '파드 복제본 수를 유지하고 롤링 업데이트를 해 주는 쿠버네티스 오브젝트는?', answer: '디플로이먼트', explanation: '디플로이먼트는 레플리카셋을 관리하며 선언한 상태를 유지한다.', difficulty: 'Easy', url: '', group_id: 'k8s-basic' },
    { csv_id: '4', title: '서비스 종류', content: '클러스터 내부에서만 접근 가능한 쿠버네티스 서비스 타입은?', answer: 'ClusterIP', explanation: 'NodePort와 LoadBalancer는 클러스터 밖에서도 접근할 수 있다.', difficulty: 'Medium', url: '', group_id: 'k8s-network' },
    { csv_id: '5', title: '설정 분리', content: '비밀이 아닌 설정 값을 컨테이너 이미지와 분리해 저장하는 오브젝트는?', answer: 'ConfigMap', explanation: '비밀 값은 Secret에 둔다.', difficulty: 'Easy', url: '', group_id: 'k8s-config' },
    { csv_id: '6', title: '헬스 체크', content: '트래픽을 받을 준비가 되었는지 확인하는 프로브의 이름은?', answer: 'readinessProbe', explanation: 'livenessProbe는 컨테이너를 재시작할지 판단한다.', difficulty: 'Medium', url: '', group_id: 'k8s-ops' },
    { csv_id: '7', title: 'CI와 CD', content: '지속적 통합(CI)의 핵심 목적을 한 문장으로 설명하세요.', answer: '변경 사항을 자주 병합하고 자동으로 빌드와 테스트를 실행해 문제를 빨리 발견하는 것', explanation: '지속적 배포(CD)는 검증된 변경을 자동으로 배포 단계까지 이어 간다.', difficulty: 'Easy', url: '', group_id: 'cicd' },
    { csv_id: '8', title: '블루-그린 배포', content: '블루-그린 배포에서 롤백은 어떻게 하나요?', answer: '트래픽을 이전 환경(블루)으로 다시 전환한다.', explanation: '두 환경을 동시에 유지하므로 전환만으로 되돌릴 수 있다.', difficulty: 'Medium', url: '', group_id: 'cicd' },
    { csv_id: '9', title: '수평 확장', content: 'CPU 사용률에 따라 파드 수를 자동으로 늘리고 줄이는 쿠버네티스 기능은?', answer: 'HorizontalPodAutoscaler', explanation: 'HPA는 메트릭 서버의 지표를 보고 레플리카 수를 조정한다.', difficulty: 'Medium', url: '', group_id: 'k8s-ops' },
    { csv_id: '10', title: '멱등성', content: '인프라 코드(IaC)에서 멱등성이란 무엇인가요?', answer: '같은 코드를 여러 번 적용해도 결과 상태가 같은 성질', explanation: '그래서 적용을 반복해도 안전하다.', difficulty: 'Hard', url: '', group_id: 'iac' },
  ],
  en: [
    { csv_id: '1', title: 'Containers and VMs', content: 'What is the main difference between a container and a virtual machine?', answer: 'Containers share the host kernel; each virtual machine runs its own guest kernel.', explanation: 'That makes containers lighter and faster to start, with weaker isolation than VMs.', difficulty: 'Easy', url: 'https://kubernetes.io/docs/concepts/overview/', group_id: 'container' },
    { csv_id: '2', title: 'Pod', content: 'What is the smallest deployable unit in Kubernetes?', answer: 'Pod', explanation: 'A pod groups one or more containers that share network and storage.', difficulty: 'Easy', url: 'https://kubernetes.io/docs/concepts/workloads/pods/', group_id: 'k8s-basic' },
    { csv_id: '3', title: 'Deployment', content: 'Which Kubernetes object keeps a number of pod replicas running and performs rolling updates?', answer: 'Deployment', explanation: 'A Deployment manages ReplicaSets to hold the declared state.', difficulty: 'Easy', url: '', group_id: 'k8s-basic' },
    { csv_id: '4', title: 'Service types', content: 'Which Kubernetes Service type is reachable only from inside the cluster?', answer: 'ClusterIP', explanation: 'NodePort and LoadBalancer are reachable from outside the cluster.', difficulty: 'Medium', url: '', group_id: 'k8s-network' },
    { csv_id: '5', title: 'Configuration', content: 'Which object stores non-secret configuration apart from the container image?', answer: 'ConfigMap', explanation: 'Secret values belong in a Secret.', difficulty: 'Easy', url: '', group_id: 'k8s-config' },
    { csv_id: '6', title: 'Health checks', content: 'Which probe tells Kubernetes that a container is ready to receive traffic?', answer: 'readinessProbe', explanation: 'The livenessProbe decides whether to restart the container.', difficulty: 'Medium', url: '', group_id: 'k8s-ops' },
    { csv_id: '7', title: 'CI and CD', content: 'State the main purpose of continuous integration in one sentence.', answer: 'Merge changes often and build and test them automatically so problems surface early.', explanation: 'Continuous delivery carries verified changes on towards deployment automatically.', difficulty: 'Easy', url: '', group_id: 'cicd' },
    { csv_id: '8', title: 'Blue-green deployment', content: 'How do you roll back in a blue-green deployment?', answer: 'Switch traffic back to the previous (blue) environment.', explanation: 'Both environments stay up, so switching is the whole rollback.', difficulty: 'Medium', url: '', group_id: 'cicd' },
    { csv_id: '9', title: 'Horizontal scaling', content: 'Which Kubernetes feature adds and removes pods automatically based on CPU usage?', answer: 'HorizontalPodAutoscaler', explanation: 'The HPA reads metrics-server figures and adjusts the replica count.', difficulty: 'Medium', url: '', group_id: 'k8s-ops' },
    { csv_id: '10', title: 'Idempotence', content: 'What does idempotence mean for infrastructure as code?', answer: 'Applying the same code many times leaves the same resulting state.', explanation: 'That is what makes re-applying safe.', difficulty: 'Hard', url: '', group_id: 'iac' },
  ],
};
