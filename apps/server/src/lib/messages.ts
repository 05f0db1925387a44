import type { TLocale } from '@cubeshop/shared';

/**
 * Server-side sentences that reach users (the `desc` of an error), in both languages.
 * Placeholders look like {name}.
 */
export const MESSAGES = {
  badRequest: { zh: '请求参数错误', en: 'Request parameter error' },
  invalidField: { zh: '参数 {field} 无效：{reason}', en: 'Invalid {field}: {reason}' },
  invalidBody: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  unauthorized: { zh: '请先登录', en: 'Please log in first' },
  forbidden: { zh: '没有权限访问', en: 'Access denied' },
  notFound: { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  apiNotFound: { zh: '接口不存在：{method} {path}', en: 'No such API: {method} {path}' },
  tooManyRequests: { zh: '请求过于频繁，请 {seconds} 秒后再试', en: 'Too many requests, please try again in {seconds} s' },
  payloadTooLarge: { zh: '请求内容过大', en: 'The request is too large' },
  unsupportedMediaType: { zh: '不支持的内容类型', en: 'Unsupported content type' },
  internal: { zh: '服务器内部错误，请稍后重试', en: 'Server internal error, please try again later' },
  unavailable: { zh: '服务暂不可用，请稍后重试', en: 'Service unavailable, please try again later' },
  fieldRequired: { zh: '缺少必填项：{field}', en: '{field} is required' },
  textNotAllowed: {
    zh: '参数 {field} 含有不允许的字符（如控制字符），请删除后重试',
    en: '{field} contains characters that are not allowed (such as control characters); remove them and try again',
  },
  inputTooDeep: { zh: '参数 {field} 的嵌套层级过深', en: '{field} is nested too deeply' },

  // accounts: sign-up, sign-in, codes, profile, newsletter
  codeResendWait: {
    zh: '验证码已发送，请 {seconds} 秒后再重新获取',
    en: 'A code was sent a moment ago; you can ask for a new one in {seconds} s',
  },
  codeTargetLimited: {
    zh: '该地址获取验证码过于频繁，请 {minutes} 分钟后再试',
    en: 'Too many codes were requested for this address; please try again in {minutes} min',
  },
  codeIpLimited: {
    zh: '获取验证码过于频繁，请 {minutes} 分钟后再试',
    en: 'Too many code requests from your network; please try again in {minutes} min',
  },
  codeSendFailed: { zh: '验证码发送失败，请稍后重试', en: 'Failed to send verification code, please try again later' },
  codeInvalid: { zh: '验证码错误或已过期', en: 'The verification code is incorrect or has expired' },
  codeTooManyAttempts: {
    zh: '验证码错误次数过多，请重新获取验证码',
    en: 'Too many wrong codes; please request a new code',
  },
  mobileMainlandOnly: {
    zh: '手机号注册和登录仅支持中国大陆（+86）号码',
    en: 'Mobile sign-up and sign-in are for mainland China (+86) numbers only',
  },
  signinFailed: { zh: '账号或密码错误', en: 'Account or password is incorrect' },
  accountDisabled: {
    zh: '该账号已被停用，如有疑问请联系客服',
    en: 'This account has been disabled; please contact customer service',
  },
  customerNotFound: { zh: '客户不存在', en: 'No such customer' },
  signinLocked: {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-in attempts; please try again in {minutes} min',
  },
  signinSlowed: {
    zh: '该账号近期登录失败次数过多，请 {seconds} 秒后再试，或使用验证码登录',
    en: 'This account is seeing many failed sign-ins; please try again in {seconds} s or sign in with a one-time code',
  },
  emailTaken: { zh: '该邮箱已注册，请直接登录或找回密码', en: 'This e-mail is already registered; sign in or reset your password' },
  mobileTaken: { zh: '该手机号已注册，请直接登录或找回密码', en: 'This mobile number is already registered; sign in or reset your password' },
  accountTaken: { zh: '该账号已被使用，请换一个', en: 'This account name is taken; please choose another' },
  accountReserved: {
    zh: '账号形如邮箱或手机号时，必须是您本人注册用的邮箱或手机号',
    en: 'An account name that looks like an e-mail address or mobile number must be the one you sign up with',
  },
  regionUnknown: { zh: '请选择有效的国家或地区', en: 'Please choose a valid country or region' },
  passwordUpdateFailed: {
    zh: '密码修改失败，请检查当前密码',
    en: 'Password update failed, please check your current password',
  },

  // chat (modules/chat): system messages and the desc of chat error frames and chat API errors
  chatGreeting: {
    zh: '您好，欢迎光临 Cubeshop！客服马上为您服务，请稍候。',
    en: 'Hello and welcome to Cubeshop! An agent will be with you shortly.',
  },
  chatAccepted: { zh: '客服 {name} 正在为您服务', en: '{name} from customer service is now serving you' },
  chatMemberJoined: { zh: '客服 {name} 加入了对话', en: '{name} from customer service joined the conversation' },
  chatMemberLeft: { zh: '客服 {name} 离开了对话', en: '{name} from customer service left the conversation' },
  chatEndedByAgent: { zh: '客服已结束本次服务，感谢您的咨询', en: 'The agent ended this conversation. Thank you for contacting us' },
  chatEndedInactive: {
    zh: '由于您长时间未操作，本次对话已结束',
    en: 'This conversation was closed because there was no activity for a while',
  },
  chatEndedByUser: { zh: '您已结束本次对话', en: 'You ended this conversation' },
  chatBadJson: { zh: '消息不是有效的 JSON', en: 'The message is not valid JSON' },
  chatBadFrame: { zh: '消息格式不正确：{reason}', en: 'The message has the wrong shape: {reason}' },
  chatBadText: { zh: '消息含有不允许的字符（如控制字符），请删除后重试', en: 'The message contains characters that are not allowed (such as control characters); remove them and try again' },
  chatEmptyText: { zh: '消息不能为空', en: 'The message cannot be empty' },
  chatTextTooLong: { zh: '消息不能超过 {max} 个字符', en: 'The message cannot be longer than {max} characters' },
  chatUnknownGid: { zh: '会话不存在', en: 'No such conversation' },
  chatForbiddenGid: { zh: '您不在该会话中', en: 'You are not in this conversation' },
  chatEnded: { zh: '该会话已结束', en: 'This conversation has ended' },
  chatNotImage: { zh: '只能发送图片文件', en: 'Only image files can be sent' },
  chatImageTooLarge: { zh: '图片不能超过 {size} MB', en: 'The image cannot be larger than {size} MB' },
  chatDuplicateId: { zh: '消息编号已被使用', en: 'This message id is already taken' },
  chatRateLimited: { zh: '发送太频繁，请稍后再试', en: 'You are sending too fast, please slow down' },
  chatNotBuyer: { zh: '只有顾客可以这样做', en: 'Only the customer can do this' },
  chatStaffOnly: { zh: '只有客服可以这样做', en: 'Only customer-service staff can do this' },
  chatSendFailed: { zh: '消息发送失败', en: 'Failed to send message' },
  chatNotWaiting: { zh: '该顾客已由其他客服接待', en: 'Another agent is already serving this customer' },
  chatNotAdmin: { zh: '该用户不是客服', en: 'This user is not customer-service staff' },
  chatAdminOffline: { zh: '该客服不在线', en: 'This agent is not online' },
  chatAlreadyMember: { zh: '该客服已在对话中', en: 'This agent is already in the conversation' },
  chatBadSince: { zh: '参数 since 无效', en: 'Invalid since parameter' },
  // catalog and favourites
  itemNotFound: { zh: '商品不存在或已下架', en: 'The product does not exist or is no longer available' },
  categoryNotFound: { zh: '分类不存在', en: 'The category does not exist' },
  // cart, addresses, shipping and orders (docs/orders.md)
  cartItemNotFound: { zh: '购物车中没有该商品', en: 'The cart item does not exist' },
  cartFull: { zh: '购物车最多只能放 {max} 种商品', en: 'The cart can hold at most {max} lines' },
  cartEmpty: { zh: '购物车是空的，请先添加商品', en: 'Your cart is empty; add products first' },
  cartItemsMissing: { zh: '所选商品已不在购物车中，请刷新购物车', en: 'Some selected lines are no longer in your cart; please reload the cart' },
  cartChanged: { zh: '下单时购物车发生了变化，请重试', en: 'Your cart changed while the order was being placed; please try again' },
  typeRequired: { zh: '请选择商品款式', en: 'Please select the product type' },
  typeUnknown: { zh: '该商品没有款式 {type}', en: 'The product has no type {type}' },
  typeUnavailable: { zh: '商品 {names} 所选的款式已下架，请重新选择', en: 'The chosen type of {names} is no longer available; please choose again' },
  moqNotMet: { zh: '商品 {names} 数量低于最小起订量', en: 'Product {names} quantity is less than the minimum order quantity' },
  multipleNotMet: { zh: '商品 {names} 数量须为起订倍数的整数倍', en: 'Product {names} quantity must be a multiple of its order multiple' },
  quantityTooLarge: { zh: '每种商品最多 {max} 件', en: 'At most {max} pieces per line' },
  addressNotFound: { zh: '收货地址不存在', en: 'The address does not exist' },
  addressLimit: { zh: '最多只能保存 {max} 个收货地址', en: 'You can keep at most {max} addresses' },
  expressUnknown: { zh: '没有该配送方式：{method}', en: 'Unknown shipping method: {method}' },
  expressUnavailable: { zh: '{method} 不配送到 {region}，请选择其他配送方式', en: '{method} does not deliver to {region}; please choose another shipping method' },
  expressTooHeavy: {
    zh: '{method} 每票最多 {max} 公斤，本单计费重量 {weight} 公斤，请选择其他配送方式',
    en: '{method} carries at most {max} kg per shipment; this order weighs {weight} kg (chargeable); please choose another shipping method',
  },
  paymentUnknown: { zh: '没有该支付方式：{method}', en: 'Unknown payment method: {method}' },
  orderNotFound: { zh: '订单不存在', en: 'The order does not exist' },
  orderItemNotFound: { zh: '订单商品不存在', en: 'The order item does not exist' },
  documentNotReady: { zh: '订单出库后才能下载商业发票和装箱单', en: 'The commercial invoice and the packing list are available once the order has left the warehouse' },
  idempotencyKeyRequired: { zh: '下单请求缺少 Idempotency-Key 请求头', en: 'The Idempotency-Key header is required to place an order' },
  idempotencyKeyInvalid: { zh: 'Idempotency-Key 须为 1-{max} 个可见 ASCII 字符', en: 'The Idempotency-Key must be 1-{max} visible ASCII characters' },
  idempotencyKeyReused: {
    zh: '该 Idempotency-Key 已用于另一个不同的下单请求',
    en: 'This Idempotency-Key was already used for a different order request',
  },
  // staff changes of an order's state (orders.status.ts)
  orderCancelledFinal: { zh: '订单已取消，不能再更改', en: 'The order is cancelled; it does not change any more' },
  orderCompleteFinal: { zh: '订单已完成，不能再更改', en: 'The order is complete; it does not change any more' },
  orderStatusNotAllowed: { zh: '订单状态 {from} 不能变为 {to}（可变为：{allowed}）', en: 'Status {from} cannot become {to} (allowed: {allowed})' },
  orderCancelledNoLogistics: { zh: '已取消的订单不能设置物流状态或运单号', en: 'A cancelled order takes no logistics status or tracking number' },
  orderLogisticsBeforeOutbound: {
    zh: '订单出库后才能更改物流状态（当前订单状态：{status}）',
    en: 'Logistics status changes only once the order is outbound (order is {status})',
  },
  orderLogisticsNotAllowed: { zh: '物流状态 {from} 不能变为 {to}（可变为：{allowed}）', en: 'Logistics status {from} cannot become {to} (allowed: {allowed})' },
  trackingInvalid: { zh: '运单号须为 4-40 位字母、数字或连字符', en: 'Tracking number: 4-40 letters, digits and hyphens' },
  orderTrackingBeforeOutbound: {
    zh: '订单出库后才能填写运单号（当前订单状态：{status}）',
    en: 'A tracking number is set once the order is outbound (order is {status})',
  },
  orderCompleteNeedsDelivered: { zh: '物流状态为已签收后订单才能完成（当前：{logistics}）', en: 'Complete needs logistics status delivered (it is {logistics})' },
  orderNothingToChange: { zh: '没有需要更改的内容', en: 'Nothing to change' },
  orderLineNotFound: { zh: '该订单没有这一行商品', en: 'The order has no such line' },
  cancelReasonRequired: { zh: '取消订单须填写原因', en: 'Give a reason to cancel the order' },
  orderNotPaid: {
    zh: '订单尚未付清（{paymentStatus}），不能出库；如确需发货，请勾选"未付款发货"并填写原因',
    en: 'The order is not paid ({paymentStatus}) and cannot go outbound; to ship anyway, choose "ship unpaid" and give a reason',
  },
  shipUnpaidReasonRequired: { zh: '未付款发货须填写原因', en: 'Give a reason to ship an unpaid order' },
  orderClosedForChanges: { zh: '订单已{status}，不能再调整', en: 'The order is {status} and cannot be adjusted any more' },
  orderCancelledNoPayment: { zh: '已取消的订单只能退款', en: 'A cancelled order takes refunds only' },
  refundTooLarge: { zh: '退款不能超过已收款项（{max}）', en: 'A refund cannot exceed what was received ({max})' },
  carrierBeforeOutbound: { zh: '订单出库后才能设置承运商', en: 'The carrier can be set once the order is outbound' },

  // PayPal online payment (modules/payments)
  paypalOffline: {
    zh: '本店暂未开通 PayPal 在线付款：我们会通过电子邮件发送 PayPal 账单，请按账单付款',
    en: 'PayPal online payment is not available: we send you a PayPal invoice by e-mail; please pay that invoice',
  },
  paypalNotPayMethod: { zh: '该订单的付款方式不是 PayPal', en: 'This order is not paid by PayPal' },
  paypalNothingDue: { zh: '该订单没有待付金额', en: 'Nothing is due on this order' },
  paypalOrderCancelled: { zh: '订单已取消，不能付款', en: 'The order is cancelled and cannot be paid' },
  paypalUnavailable: { zh: 'PayPal 暂时无法连接，请稍后重试', en: 'PayPal cannot be reached at the moment; please try again later' },
  paypalWebhookUnverified: { zh: 'PayPal 通知未通过验证', en: 'The PayPal notification could not be verified' },
  // after-sales requests (modules/aftersales)
  requestNotFound: { zh: '售后申请不存在', en: 'The request does not exist' },
  requestOrderCancelled: { zh: '订单已取消，不能再申请售后', en: 'The order is cancelled; no request can be made' },
  requestAlreadyOpen: { zh: '该订单已有一个处理中的申请，请等待客服处理', en: 'This order already has an open request; please wait for our answer' },
  requestCancelAfterOutbound: { zh: '订单已出库，不能再申请取消；签收后可申请退货', en: 'The order has left the warehouse and can no longer be cancelled; you can ask for a return once it is delivered' },
  requestNotDelivered: { zh: '订单签收后才能申请退货', en: 'A return can be requested once the order is delivered' },
  requestReturnWindowOver: { zh: '已超过签收后 {days} 天的退货期限', en: 'The {days}-day return period after delivery is over' },
  requestReturnDone: { zh: '该订单的退货申请已通过', en: 'A return of this order was already approved' },
  requestPhotoNotImage: { zh: '第 {n} 张照片不是 JPG、PNG 或 WebP 图片', en: 'Photo {n} is not a JPG, PNG or WebP image' },
  requestPhotoTooLarge: { zh: '第 {n} 张照片超过 {size} MB', en: 'Photo {n} is larger than {size} MB' },
  requestAlreadyDecided: { zh: '该申请已处理', en: 'The request was already decided' },
  requestNoteRequired: { zh: '拒绝申请须填写说明', en: 'Give a note to refuse the request' },
} as const satisfies Record<string, Record<TLocale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: TLocale, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
