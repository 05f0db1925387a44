import { CHAT_ERROR_CODES, CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX_LENGTH, type TChatErrorCode, type TErrorCode } from '@cubeshop/shared';
import { DomainError } from '../../lib/app-error.js';
import type { MessageKey } from '../../lib/messages.js';
import { CHAT_IMAGE_MAX_PIXELS } from './chat.images.js';

/**
 * Why the chat refuses something. The socket's error frames carry these names (TChatErrorCode,
 * shared with the client); a few exist only on the chat API's HTTP side.
 */
export type ChatErrorCode = TChatErrorCode | 'not_waiting' | 'invitee_not_admin' | 'admin_offline' | 'already_member';

/** Each refusal's kind (the HTTP status the error plugin gives it) and sentence: the one table of them. */
const CHAT_ERRORS: Record<ChatErrorCode, { code: TErrorCode; key: MessageKey }> = {
  bad_json: { code: 'BAD_REQUEST', key: 'chatBadJson' },
  bad_frame: { code: 'BAD_REQUEST', key: 'chatBadFrame' },
  bad_text: { code: 'BAD_REQUEST', key: 'chatBadText' },
  empty_text: { code: 'BAD_REQUEST', key: 'chatEmptyText' },
  text_too_long: { code: 'BAD_REQUEST', key: 'chatTextTooLong' },
  unknown_gid: { code: 'NOT_FOUND', key: 'chatUnknownGid' },
  forbidden_gid: { code: 'FORBIDDEN', key: 'chatForbiddenGid' },
  ended: { code: 'CONFLICT', key: 'chatEnded' },
  not_image: { code: 'BAD_REQUEST', key: 'chatNotImage' },
  image_too_large: { code: 'BAD_REQUEST', key: 'chatImageTooLarge' },
  image_too_many_pixels: { code: 'BAD_REQUEST', key: 'chatImageTooManyPixels' },
  image_busy: { code: 'TOO_MANY_REQUESTS', key: 'chatImageBusy' },
  duplicate_id: { code: 'CONFLICT', key: 'chatDuplicateId' },
  rate_limited: { code: 'TOO_MANY_REQUESTS', key: 'chatRateLimited' },
  not_buyer: { code: 'FORBIDDEN', key: 'chatNotBuyer' },
  not_admin: { code: 'FORBIDDEN', key: 'chatStaffOnly' },
  internal: { code: 'INTERNAL', key: 'chatSendFailed' },
  not_waiting: { code: 'CONFLICT', key: 'chatNotWaiting' },
  invitee_not_admin: { code: 'BAD_REQUEST', key: 'chatNotAdmin' },
  admin_offline: { code: 'CONFLICT', key: 'chatAdminOffline' },
  already_member: { code: 'CONFLICT', key: 'chatAlreadyMember' },
};

/** The values the sentences name (the limits, and a bad frame's reason). */
const paramsOf = (reason: string) => ({ reason, max: CHAT_TEXT_MAX_LENGTH, size: CHAT_IMAGE_MAX_BYTES / 1_048_576, pixels: CHAT_IMAGE_MAX_PIXELS / 1_000_000 });

/**
 * A chat refusal: a domain error (the HTTP edge maps its code like any other) that also knows its
 * chat name, which the socket gateway sends as the error frame's code.
 */
export class ChatError extends DomainError {
  constructor(
    public readonly reason: ChatErrorCode,
    detail = '',
  ) {
    super(CHAT_ERRORS[reason].code, CHAT_ERRORS[reason].key, paramsOf(detail));
    this.name = 'ChatError';
  }

  /** The code of the socket's error frame: the chat name when the client knows it, else 'internal'. */
  get frameCode(): TChatErrorCode {
    return CHAT_ERROR_FRAME_CODES.has(this.reason) ? (this.reason as TChatErrorCode) : 'internal';
  }
}

const CHAT_ERROR_FRAME_CODES: ReadonlySet<string> = new Set(CHAT_ERROR_CODES);
