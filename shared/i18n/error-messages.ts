import type { Language } from '../domain/language.js';

/** Error codes every route group may answer with. Feature codes live in their own files. */
export const COMMON_ERROR_MESSAGES = {
  route_not_found: { ko: '요청한 API 경로가 없습니다.', en: 'No API route matches this request.' },
  method_not_allowed: {
    ko: '이 경로는 해당 메서드를 지원하지 않습니다.',
    en: 'This route does not support that method.',
  },
  not_found: { ko: '요청한 항목을 찾을 수 없습니다.', en: 'The requested item was not found.' },
  invalid_json: { ko: '요청 본문이 올바른 JSON이 아닙니다.', en: 'The request body is not valid JSON.' },
  invalid_multipart: { ko: '업로드 양식을 읽을 수 없습니다.', en: 'The upload form could not be read.' },
  unsupported_media_type: { ko: '지원하지 않는 요청 형식입니다.', en: 'This request format is not supported.' },
  validation_failed: { ko: '입력값이 올바르지 않습니다.', en: 'Some input is not valid.' },
  key_text_too_long: {
    ko: '이름이나 제목이 너무 깁니다 (정규화 후 최대 {limit}바이트).',
    en: 'The name or title is too long (at most {limit} bytes once normalised).',
  },
  payload_too_large: { ko: '요청 크기가 너무 큽니다 (최대 {limit}).', en: 'The request is too large (limit {limit}).' },
  csrf_failed: {
    ko: 'CSRF 토큰이 없거나 일치하지 않습니다. 페이지를 새로고침해 주세요.',
    en: 'The CSRF token is missing or does not match. Please reload the page.',
  },
  authentication_required: { ko: '로그인이 필요합니다.', en: 'You need to sign in.' },
  forbidden: { ko: '이 작업을 할 권한이 없습니다.', en: 'You are not allowed to do this.' },
  conflict: { ko: '다른 항목과 충돌합니다.', en: 'This conflicts with existing data.' },
  too_many_requests: {
    ko: '요청이 너무 많습니다. {seconds}초 후에 다시 시도해 주세요.',
    en: 'Too many attempts. Try again in {seconds} seconds.',
  },
  invalid_path_parameter: {
    ko: '주소의 경로 값이 올바르게 인코딩되지 않았습니다.',
    en: 'A value in the request path is not validly percent-encoded.',
  },
  request_header_too_large: {
    ko: '요청 주소나 헤더가 너무 깁니다.',
    en: 'The request address or headers are too long.',
  },
  forbidden_origin: {
    ko: '이 주소로는 API에 직접 접근할 수 없습니다.',
    en: 'The API cannot be reached directly at this address.',
  },
  service_unavailable: {
    ko: '서비스가 일시적으로 응답하지 않습니다. {seconds}초 후에 다시 시도해 주세요.',
    en: 'The service is briefly unavailable. Please try again in {seconds} seconds.',
  },
  feature_paused: {
    ko: '이 기능은 운영상의 이유로 잠시 중지되었습니다. {seconds}초 후에 다시 시도해 주세요.',
    en: 'This feature is paused for maintenance. Please try again in {seconds} seconds.',
  },
  answer_too_large: {
    ko: '응답이 너무 커서 보낼 수 없습니다 (최대 {limit}). 범위를 좁혀 다시 시도해 주세요.',
    en: 'The answer is too large to send (limit {limit}). Please ask for less.',
  },
  gateway_timeout: {
    ko: '서버가 {seconds}초 안에 응답하지 않았습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The server did not answer within {seconds} seconds. Please try again shortly.',
  },
  internal_error: {
    ko: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Something went wrong on our side. Please try again shortly.',
  },
} as const satisfies Record<string, Record<Language, string>>;
