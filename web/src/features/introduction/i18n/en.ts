import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  cta: {
    signUp: 'Sign up free',
    login: 'Log in',
    explore: 'Look around',
    home: 'Go to home',
  },
  service: {
    title: 'Service introduction',
    eyebrow: 'Quiz-based learning platform',
    heading: 'Learning that sticks, one quiz at a time',
    lead: 'Upload a question file and it becomes exams and studies. Missed questions come back, mastered ones fade out. Whether you learn alone or together, it helps you keep going.',
    featuresHeading: 'How you learn here',
    features: {
      repetition: {
        title: 'Review before you forget',
        description:
          'Like memory draining away, your weakest questions come back first. Missed questions return often and known ones rarely, so review time goes where it matters.',
        points: [
          'Per-question accuracy puts weak questions first',
          'Retake only the questions you got wrong',
          'Set aside questions you have mastered',
        ],
      },
      interview: {
        title: 'Interview-style learning with follow-up questions',
        description:
          'Picking an answer is not the end. Answer follow-up questions the way an interviewer would ask them and build the skill of explaining a concept.',
        points: [
          'Prompts for AI mock interviews',
          'Voice mode to answer out loud',
          'Answer evaluation to find the gaps',
        ],
      },
      daily: {
        title: 'A daily quiz in your inbox builds the habit',
        description:
          "Today's questions, picked from the exams you subscribe to, arrive by email. A few questions a day is enough.",
        points: [
          'Subscribe to the exams you want',
          'Choose how many questions a day',
          'Start answering straight from the email',
        ],
      },
      analytics: {
        title: 'Progress at a glance',
        description: 'Exam results and study progress add up to show how far you have come and what is left.',
        points: [
          'Score and time recorded for every exam',
          'Progress of every study member',
          'Per-question statistics reveal weak spots',
        ],
      },
    },
    closing: {
      title: 'Start small, starting today',
      text: 'Signing up takes a minute. Upload your first question file and start practising.',
    },
  },
  devops: {
    title: 'DevOps interview preparation',
    eyebrow: 'DevOps interview preparation',
    heading: 'Prepare for DevOps interviews like the real thing',
    lead: 'From CI/CD to Kubernetes, cloud, system design, Linux and SRE. Form studies around real interview questions and check yourself with exams.',
    studies: 'Browse interview studies',
    exams: 'Browse interview exams',
    categoriesHeading: 'Question categories',
    categoriesLead: 'Prepare evenly across the six areas interviews cover most.',
    categories: {
      cicd: { title: 'CI/CD', description: 'Build, test and deploy pipelines, release strategies and rollbacks' },
      kubernetes: {
        title: 'Kubernetes',
        description: 'Pods and controllers, networking, scheduling and troubleshooting',
      },
      cloud: { title: 'Cloud', description: 'Designing with AWS and other clouds, IAM, cost and availability' },
      systemDesign: {
        title: 'System design',
        description: 'Scalability, caches, queues, choosing data stores and trade-offs',
      },
      linux: { title: 'Linux', description: 'Processes, file systems, networking commands and performance analysis' },
      sre: { title: 'SRE', description: 'SLIs and SLOs, monitoring and alerting, incident response and postmortems' },
    },
    levelsHeading: 'Prepare for your level',
    levels: {
      junior: {
        title: 'Junior',
        description: 'Can you explain the core concepts precisely and handle the basic commands and tools?',
      },
      mid: {
        title: 'Mid-level',
        description: 'Can you diagnose problems from operating experience and propose a better setup?',
      },
      senior: {
        title: 'Senior',
        description: 'Can you design large systems and weigh reliability, cost and team trade-offs?',
      },
    },
    roadmapHeading: 'A four-stage roadmap',
    roadmap: {
      foundations: { title: 'Foundations', description: 'Check your Linux and networking basics with questions.' },
      delivery: {
        title: 'Build and ship',
        description: 'Drill CI/CD pipeline and container questions until they stick.',
      },
      operations: {
        title: 'Operate at scale',
        description: 'Build real-world instincts with Kubernetes and cloud operations questions.',
      },
      design: {
        title: 'Design and reliability',
        description: 'Get ready for system design and SRE questions, follow-ups included.',
      },
    },
    step: 'Stage {{number}}',
    closing: {
      title: 'Start preparing for your interview now',
      text: 'Sign up to join studies, retake the questions you missed and get a daily quiz.',
    },
  },
} satisfies TranslationShape<typeof ko>;

export default en;
