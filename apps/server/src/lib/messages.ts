// Over 400 lines: every message the server says, in zh and en, in one table.
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
  storageUnavailable: { zh: '图片存储暂不可用，请稍后重试', en: 'Picture storage is unavailable, please try again later' },
  conflictExists: {
    zh: '同样的内容刚刚已被保存（可能是他人同时操作），请刷新后重试',
    en: 'The same thing was just saved (perhaps by someone else at the same moment); reload and try again',
  },
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
  codeAccountLimited: {
    zh: '您的账号获取验证码过于频繁，请 {minutes} 分钟后再试',
    en: 'Your account asked for too many codes; please try again in {minutes} min',
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
  customerGroupNotFound: { zh: '客户分组不存在', en: 'No such customer group' },
  customerGroupCodeTaken: { zh: '分组代码 {code} 已被使用', en: 'The group code {code} is already in use' },
  customerGroupInUse: {
    zh: '该分组有 {count} 位客户或是默认分组，不能删除；请先将客户移到其他分组',
    en: 'This group has {count} buyer(s) or is the default group, so it cannot be deleted; move its buyers to another group first',
  },
  customerGroupItemsMissing: { zh: '商品不存在：{ids}', en: 'No such product: {ids}' },
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
  passwordLinkInvalid: {
    zh: '该链接已失效（已使用、已被新链接取代或已过期）。请联系店主重新发送，或在登录页使用“忘记密码”',
    en: 'This link no longer works (it was used, replaced by a newer one or has expired). Ask the shop owner to send a new one, or use Forgot password on the sign-in page',
  },

  // staff accounts (modules/staff): the owner invites, changes roles, disables, resets passwords
  staffNotFound: { zh: '员工不存在', en: 'No such staff member' },
  staffEmailTaken: {
    zh: '该邮箱已属于一个账号，不能再邀请；请换一个邮箱',
    en: 'This e-mail already belongs to an account and cannot be invited; use another address',
  },
  staffSelfChange: {
    zh: '不能停用自己的账号或更改自己的店主角色；请让另一位店主操作',
    en: 'You cannot disable your own account or give up your own owner role; ask another owner to do it',
  },
  staffSelfReset: {
    zh: '不能重置自己的密码；请在个人中心修改密码',
    en: 'You cannot force a reset of your own password; change it on your profile page',
  },
  staffLastOwner: {
    zh: '这是最后一位启用中的店主，不能停用或改为其他角色',
    en: 'This is the last active owner; the account cannot be disabled or given another role',
  },
  staffNoEmail: {
    zh: '该员工没有邮箱，无法发送设置密码的链接',
    en: 'This staff member has no e-mail address, so no password link can be sent',
  },
  staffInviteAccepted: {
    zh: '该员工已设置密码，邀请无需重发；如需更换密码，请使用“强制重置密码”',
    en: 'This staff member has already set a password, so there is no invitation to resend; use "Force a password reset" instead',
  },
  staffInviteDisabled: {
    zh: '该账号已停用，不能重发邀请；请先启用',
    en: 'This account is disabled, so the invitation cannot be sent again; enable it first',
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
  chatBadText: {
    zh: '消息含有不允许的字符（如控制字符），请删除后重试',
    en: 'The message contains characters that are not allowed (such as control characters); remove them and try again',
  },
  chatEmptyText: { zh: '消息不能为空', en: 'The message cannot be empty' },
  chatTextTooLong: { zh: '消息不能超过 {max} 个字符', en: 'The message cannot be longer than {max} characters' },
  chatUnknownGid: { zh: '会话不存在', en: 'No such conversation' },
  chatForbiddenGid: { zh: '您不在该会话中', en: 'You are not in this conversation' },
  chatEnded: { zh: '该会话已结束', en: 'This conversation has ended' },
  chatNotImage: { zh: '只能发送图片文件', en: 'Only image files can be sent' },
  chatImageTooLarge: { zh: '图片不能超过 {size} MB', en: 'The image cannot be larger than {size} MB' },
  chatImageTooManyPixels: {
    zh: '图片像素不能超过 {pixels} 百万，请缩小后再发送',
    en: 'The image cannot have more than {pixels} million pixels; make it smaller and send it again',
  },
  chatImageBusy: { zh: '上一张图片还在处理中，请稍后再发送这张图片', en: 'Your previous image is still being processed; send this one again in a moment' },
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
  // the catalog back office (docs/catalog.md, Back office)
  barcodeTaken: { zh: '条码 {barcode} 已被商品 {id} 使用', en: 'The barcode {barcode} is already used by product {id}' },
  slugTaken: { zh: '代号 {slug} 已被使用', en: 'The slug {slug} is already taken' },
  brandNotFound: { zh: '品牌不存在', en: 'The brand does not exist' },
  synonymsNotFound: { zh: '同义词组不存在', en: 'The synonym group does not exist' },
  synonymsTooFew: { zh: '同义词组至少要有两个不同的词', en: 'A synonym group needs at least two different words' },
  synonymsTooMany: { zh: '同义词组最多 {max} 组', en: 'At most {max} synonym groups' },
  shortFormOneWord: { zh: '简称只能是一个词（不含空格）', en: 'A short form is one word (no spaces)' },
  categoryHasItems: {
    zh: '分类下还有 {count} 个商品，不能删除；请先移走商品',
    en: 'The category still holds {count} products and cannot be deleted; move them first',
  },
  categoryHasChildren: {
    zh: '分类下还有子分类，不能删除；请先移走或删除子分类',
    en: 'The category still has subcategories and cannot be deleted; move or delete them first',
  },
  categoryCycle: { zh: '不能把分类移到它自己或它的子分类下', en: 'A category cannot be moved under itself or one of its subcategories' },
  imageNotImage: { zh: '文件不是 JPG、PNG 或 WebP 图片', en: 'The file is not a JPG, PNG or WebP image' },
  imageTooLarge: { zh: '图片不能超过 {size} MB', en: 'The image cannot be larger than {size} MB' },
  imageTooManyPixels: { zh: '图片像素不能超过 {pixels} 百万', en: 'The image cannot have more than {pixels} million pixels' },
  imagesFull: { zh: '每个商品最多 {max} 张图片', en: 'A product can have at most {max} pictures' },
  imageNotFound: { zh: '图片不存在', en: 'The picture does not exist' },
  imageOrderMismatch: { zh: '图片列表已变化，请刷新后再排序', en: 'The pictures changed meanwhile; reload and order them again' },
  // spreadsheet import of the catalog (catalog.import.ts, docs/catalog.md Spreadsheets)
  importEmpty: { zh: '文件是空的', en: 'The file is empty' },
  importTooLarge: { zh: '文件不能超过 {size} MB', en: 'The file cannot be larger than {size} MB' },
  importFormat: { zh: '请上传 CSV（UTF-8）或 XLSX 文件', en: 'Upload a CSV (UTF-8) or XLSX file' },
  importUnreadable: { zh: 'XLSX 文件已损坏或不完整，请重新保存后再上传', en: 'The XLSX file is damaged or incomplete; save it again and upload it once more' },
  importCsvBroken: { zh: 'CSV 文件第 {row} 行格式错误（引号不配对？）', en: 'The CSV file is malformed at row {row} (unbalanced quotes?)' },
  importNoHeader: {
    zh: '第 1 行须为列名（如 id、name_zh、price），请使用导出的文件或模板',
    en: 'Row 1 must hold the column names (such as id, name_zh, price): start from an export or the template',
  },
  importTooManyRows: { zh: '一次最多导入 {max} 行', en: 'At most {max} rows per import' },
  importUnknownColumn: { zh: '未知的列 {column}（将被忽略）', en: 'Unknown column {column} (it would be ignored)' },
  importDuplicateColumn: { zh: '列 {column} 出现了两次', en: 'The column {column} appears twice' },
  importUnknownId: { zh: '没有编号为 {value} 的商品', en: 'There is no product with id {value}' },
  importDuplicateId: { zh: '编号 {value} 已在第 {row} 行出现', en: 'Id {value} is already on row {row}' },
  importDuplicateBarcode: { zh: '条码 {value} 已在第 {row} 行出现', en: 'Barcode {value} is already on row {row}' },
  importBarcodeAmbiguous: { zh: '条码 {value} 对应多个商品，请填写商品编号', en: 'Barcode {value} is on several products: give the product id' },
  importUnknownCategory: { zh: '没有分类 {value}', en: 'There is no category {value}' },
  importUnknownBrand: { zh: '没有品牌 {value}', en: 'There is no brand {value}' },
  importTiersFormat: { zh: '阶梯价“{entry}”格式应为 数量:单价，例如 12:9.90', en: 'The break “{entry}” should read quantity:price, e.g. 12:9.90' },
  importTypesFormat: { zh: '款式“{entry}”格式应为 代码:中文名:英文名', en: 'The type “{entry}” should read code:Chinese name:English name' },
  importStockFormat: { zh: '库存“{entry}”格式应为 款式代码:数量', en: 'The stock “{entry}” should read type code:pieces' },
  importBoolean: { zh: '请填写 yes 或 no', en: 'Enter yes or no' },
  importRefused: {
    zh: '导入被拒绝，未写入任何内容：文件有 {count} 处错误，请修正后重新上传',
    en: 'The import was refused and nothing was written: the file has errors ({count}); fix them and upload it again',
  },
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
  stockShort: { zh: '库存不足，请减少数量后再下单：{names}', en: 'Not enough stock; please lower the quantity and order again: {names}' },
  cartStockOut: { zh: '{product} 已售罄，无法加入购物车', en: '{product} is out of stock and cannot be added to the cart' },
  cartStockBelowMoq: {
    zh: '{product} 仅剩 {available} 件，不足起订量 {least} 件，无法加入购物车',
    en: 'Only {available} of {product} left, fewer than its minimum order of {least}, so it cannot be added to the cart',
  },
  cartStockShort: {
    zh: '{product} 仅剩 {available} 件，购物车中最多可放 {max} 件',
    en: 'Only {available} of {product} available, so your cart can hold at most {max}',
  },
  cartStockShortHave: {
    zh: '{product} 仅剩 {available} 件，购物车中已有 {inCart} 件，最多可放 {max} 件',
    en: 'Only {available} of {product} available and your cart already has {inCart}, so it can hold at most {max}',
  },
  multipleNotMet: { zh: '商品 {names} 数量须为起订倍数的整数倍', en: 'Product {names} quantity must be a multiple of its order multiple' },
  quantityTooLarge: { zh: '每种商品最多 {max} 件', en: 'At most {max} pieces per line' },
  addressNotFound: { zh: '收货地址不存在', en: 'The address does not exist' },
  addressLimit: { zh: '最多只能保存 {max} 个收货地址', en: 'You can keep at most {max} addresses' },
  expressUnknown: { zh: '没有该配送方式：{method}', en: 'Unknown shipping method: {method}' },
  expressUnavailable: {
    zh: '{method} 不配送到 {region}，请选择其他配送方式',
    en: '{method} does not deliver to {region}; please choose another shipping method',
  },
  expressTooHeavy: {
    zh: '{method} 每票最多 {max} 公斤，本单计费重量 {weight} 公斤，请选择其他配送方式',
    en: '{method} carries at most {max} kg per shipment; this order weighs {weight} kg (chargeable); please choose another shipping method',
  },
  paymentUnknown: { zh: '没有该支付方式：{method}', en: 'Unknown payment method: {method}' },
  paymentMethodNotFound: { zh: '支付方式不存在', en: 'The payment method does not exist' },
  orderNotFound: { zh: '订单不存在', en: 'The order does not exist' },
  orderItemNotFound: { zh: '订单商品不存在', en: 'The order item does not exist' },
  documentNotReady: {
    zh: '订单出库后才能下载商业发票和装箱单',
    en: 'The commercial invoice and the packing list are available once the order has left the warehouse',
  },
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
  orderCompleteNeedsDelivered: {
    zh: '物流状态为已签收后订单才能完成（当前：{logistics}）',
    en: 'Complete needs logistics status delivered (it is {logistics})',
  },
  orderNothingToChange: { zh: '没有需要更改的内容', en: 'Nothing to change' },
  orderLineNotFound: { zh: '该订单没有这一行商品', en: 'The order has no such line' },
  cancelReasonRequired: { zh: '取消订单须填写原因', en: 'Give a reason to cancel the order' },
  orderNotPaid: {
    zh: '订单尚未付清（{paymentStatus}，待付 {toPay}），不能出库；如确需发货，请勾选"未付款发货"并填写原因',
    en: 'The order is not paid ({paymentStatus}, {toPay} to pay) and cannot go outbound; to ship anyway, choose "ship unpaid" and give a reason',
  },
  shipUnpaidReasonRequired: { zh: '未付款发货须填写原因', en: 'Give a reason to ship an unpaid order' },
  orderClosedForChanges: { zh: '订单已{status}，不能再调整', en: 'The order is {status} and cannot be adjusted any more' },
  orderCancelledNoPayment: { zh: '已取消的订单只能退款', en: 'A cancelled order takes refunds only' },
  refundTooLarge: { zh: '退款最多为应退金额 {max}', en: 'A refund can pay out at most what is owed back ({max})' },
  refundNothingDue: {
    zh: '该订单没有应退金额：请先开具减免单（退货或让利），再退款',
    en: 'Nothing is owed back on this order: issue a credit note first (a return or a goodwill reduction), then refund it',
  },
  paymentRoundsToNothing: {
    zh: '{amount} 按订单汇率折算后不足 0.01 {currency}，无法记录',
    en: '{amount} comes to less than 0.01 {currency} at the order’s rate and cannot be recorded',
  },
  paymentExceedsDue: {
    zh: '这笔付款多于尚欠的 {toPay}；如确认收到，请确认后再记录（多出部分将成为应退金额）',
    en: 'This payment is more than the {toPay} still owed; confirm to record it anyway (the difference becomes a refund due)',
  },
  orderLeftWarehouse: {
    zh: '货物已出库，装箱数量不能再更改；退回的商品请开具减免单并确认入库',
    en: 'The goods have left the warehouse: packed quantities cannot change any more; for returned goods issue a credit note and receive them back',
  },
  packingStockShort: { zh: '{name} 仅有 {available} 件可用，不能装 {quantity} 件', en: 'Only {available} of {name} available: {quantity} cannot be packed' },
  packedBelowCredited: { zh: '{name} 已减免 {credited} 件，装箱数量不能更少', en: '{name}: {credited} pieces are credited, so fewer cannot be packed' },
  chargeBelowCredited: {
    zh: '调整后订单金额为 {charged}，低于已减免的 {credited}',
    en: 'The order would come to {charged}, less than the {credited} already credited',
  },
  creditOrderCancelled: { zh: '订单已取消，无需再开减免单', en: 'A cancelled order owes nothing: no credit note is needed' },
  creditLinesBeforeShipping: {
    zh: '货物出库前请直接修改装箱数量，而不是按商品开减免单',
    en: 'Before the goods leave, change the packed quantity instead of crediting lines',
  },
  creditTooManyPieces: { zh: '{name}：最多还能减免 {max} 件', en: '{name}: at most {max} more pieces can be credited' },
  creditTooLarge: {
    zh: '减免金额最多为 {max}（订单金额减去已减免部分）',
    en: 'A credit can take off at most {max} (what the order comes to less earlier credits)',
  },
  creditNothing: { zh: '该减免单金额为零', en: 'This credit note comes to nothing' },
  orderEditAfterOutbound: {
    zh: '订单状态为“{status}”：只能在出库前添加或删除商品行',
    en: 'The order is {status}: lines can be added or removed only before it is outbound',
  },
  lineStockShort: { zh: '{name} 仅有 {available} 件可用，不能添加 {quantity} 件', en: 'Only {available} of {name} available: {quantity} cannot be added' },
  lineAlreadyInOrder: { zh: '{name} 已在订单中：请在该商品行修改数量', en: '{name} is already in the order: change the quantity on its line' },
  lineShippedRemove: {
    zh: '{name} 已有 {shipped} 件随包裹发出，不能删除该行',
    en: '{shipped} pieces of {name} already left in a parcel: the line cannot be removed',
  },
  lastLineRemove: { zh: '订单至少保留一行商品；如不再需要，请取消订单', en: 'An order keeps at least one line; to drop everything, cancel the order' },
  restockNotShipped: { zh: '该订单没有已出库的商品，无需收回入库', en: 'Nothing of this order left the warehouse: there is nothing to receive back' },
  restockTooMany: {
    zh: '{name}：最多还能收回 {max} 件（已发出减去已收回）',
    en: '{name}: at most {max} more pieces can come back (shipped less already received)',
  },
  carrierBeforeOutbound: { zh: '订单出库后才能设置承运商', en: 'The carrier can be set once the order is outbound' },
  // split shipments (orders.shipments.ts)
  shipmentTooManyPieces: {
    zh: '{name}：最多还能发出 {max} 件（已装箱减去已发出）',
    en: '{name}: at most {max} more pieces can leave (packed less already shipped)',
  },
  shipmentOrderCancelled: { zh: '订单已取消，不能发货', en: 'The order is cancelled and cannot ship' },
  shipmentAllLeft: { zh: '该订单的商品已全部发出', en: 'Everything of this order has left already' },
  shipmentNotFound: { zh: '该订单没有这个包裹', en: 'The order has no such parcel' },
  shipmentPackingListOnly: { zh: '按包裹只能下载装箱单', en: 'Only the packing list is made per parcel' },
  packedBelowShipped: { zh: '{name} 已发出 {shipped} 件，装箱数量不能更少', en: '{name}: {shipped} pieces have left in parcels, so fewer cannot be packed' },

  // PayPal online payment (modules/payments)
  paypalOffline: {
    zh: '本店暂未开通 PayPal 在线付款：我们会通过电子邮件发送 PayPal 账单，请按账单付款',
    en: 'PayPal online payment is not available: we send you a PayPal invoice by e-mail; please pay that invoice',
  },
  paypalNotPayMethod: { zh: '该订单的付款方式不是 PayPal', en: 'This order is not paid by PayPal' },
  paypalNothingDue: { zh: '该订单没有待付金额', en: 'Nothing is due on this order' },
  paypalOrderCancelled: { zh: '订单已取消，不能付款', en: 'The order is cancelled and cannot be paid' },
  paypalUnavailable: { zh: 'PayPal 暂时无法连接，请稍后重试', en: 'PayPal cannot be reached at the moment; please try again later' },
  paypalCaptureUnderWay: {
    zh: '该订单的 PayPal 付款正在完成中，请稍后刷新页面查看',
    en: 'A PayPal payment of this order is being completed; please reload the page in a moment',
  },
  paypalWebhookUnverified: { zh: 'PayPal 通知未通过验证', en: 'The PayPal notification could not be verified' },
  // after-sales requests (modules/aftersales)
  requestNotFound: { zh: '售后申请不存在', en: 'The request does not exist' },
  requestOrderCancelled: { zh: '订单已取消，不能再申请售后', en: 'The order is cancelled; no request can be made' },
  requestAlreadyOpen: { zh: '该订单已有一个处理中的申请，请等待客服处理', en: 'This order already has an open request; please wait for our answer' },
  requestCancelAfterOutbound: {
    zh: '订单已出库，不能再申请取消；签收后可申请退货',
    en: 'The order has left the warehouse and can no longer be cancelled; you can ask for a return once it is delivered',
  },
  requestNotDelivered: { zh: '订单签收后才能申请退货', en: 'A return can be requested once the order is delivered' },
  requestReturnWindowOver: { zh: '已超过签收后 {days} 天的退货期限', en: 'The {days}-day return period after delivery is over' },
  requestReturnDone: { zh: '该订单的退货申请已通过', en: 'A return of this order was already approved' },
  requestPhotoNotImage: { zh: '第 {n} 张照片不是 JPG、PNG 或 WebP 图片', en: 'Photo {n} is not a JPG, PNG or WebP image' },
  requestPhotoTooLarge: { zh: '第 {n} 张照片超过 {size} MB', en: 'Photo {n} is larger than {size} MB' },
  requestAlreadyDecided: { zh: '该申请已处理', en: 'The request was already decided' },
  requestNoteRequired: { zh: '拒绝申请须填写说明', en: 'Give a note to refuse the request' },
  requestCreditOnlyReturn: { zh: '只有批准退货申请时才能同时开具减免单', en: 'A credit note goes only with approving a return' },
  // quotes (modules/quotes)
  quoteNotFound: { zh: '报价单不存在', en: 'The quote does not exist' },
  quoteNotSent: { zh: '报价尚未发出，暂不能接受', en: 'The quote has not been sent yet and cannot be accepted' },
  quoteExpired: {
    zh: '报价已于 {date} 过期，不能再接受；请重新询价',
    en: 'The quote expired on {date} and can no longer be accepted; please ask for a new quote',
  },
  quoteWithdrawn: { zh: '报价已撤回，不能再接受', en: 'The quote was withdrawn and can no longer be accepted' },
  quoteWithdrawnBecause: { zh: '报价已撤回，不能再接受：{reason}', en: 'The quote was withdrawn and can no longer be accepted: {reason}' },
  quoteChanged: { zh: '报价刚刚有更新，请刷新页面后再接受', en: 'The quote was just changed; reload the page and accept it again' },
  quoteClosed: { zh: '报价已被接受或撤回，不能再修改', en: 'The quote was accepted or withdrawn and can no longer be changed' },
  quoteAlreadySent: { zh: '报价已发出；修改并保存后可再次发送', en: 'The quote was already sent; save a change to send it again' },
  quoteNoLines: { zh: '报价单没有商品', en: 'The quote has no lines' },
  quoteUnpriced: { zh: '每一行都须填写单价', en: 'Every line needs a unit price' },
  quoteNoFreight: { zh: '请填写运费（可为 0）', en: 'Set the freight (0 is allowed)' },
  quoteValidity: { zh: '请填写今天或以后的有效期', en: 'Set a validity date of today or later' },
  quoteProductGone: { zh: '商品 {id} 不存在或已下架', en: 'Product {id} does not exist or was archived' },
  quoteTypeUnknown: { zh: '商品 {id} 没有款式 {type}', en: 'Product {id} has no style {type}' },
  // shop settings and shipping configuration (modules/settings, modules/shipping)
  settingsProductUnknown: { zh: '没有这些商品（或已下架）：{ids}', en: 'No such product (or archived): {ids}' },
  shippingZoneUnknown: { zh: '没有该配送区域：{zone}', en: 'Unknown shipping zone: {zone}' },
  shippingZoneDefault: { zh: '默认配送区域不能删除；请先把另一个区域设为默认', en: 'The default zone cannot be deleted; make another zone the default first' },
  shippingZoneNoDefault: { zh: '必须有一个默认配送区域', en: 'One zone must be the default zone' },
  shippingZoneNotFound: { zh: '配送区域不存在', en: 'The shipping zone does not exist' },
  shippingRateNotFound: { zh: '该运费不存在', en: 'The shipping rate does not exist' },
  shippingMethodNotFound: { zh: '配送方式不存在', en: 'The shipping method does not exist' },
} as const satisfies Record<string, Record<TLocale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** Order codes that a sentence names for staff or buyers: shown as words, never as codes. */
const CODE_LABELS: Record<string, Record<TLocale, string>> = {
  unpaid: { zh: '未付款', en: 'unpaid' },
  partially_paid: { zh: '部分付款', en: 'partly paid' },
  paid: { zh: '已付款', en: 'paid' },
  refund_due: { zh: '待退款', en: 'refund due' },
  refunded: { zh: '已退款', en: 'refunded' },
  confirm: { zh: '已确认', en: 'confirmed' },
  outbound: { zh: '已出库', en: 'outbound' },
  delivery: { zh: '配送中', en: 'in delivery' },
  complete: { zh: '已完成', en: 'completed' },
  cancel: { zh: '已取消', en: 'cancelled' },
};
/** Parameters that carry such a code (status names in transitions stay codes: the command line types them). */
const LABELLED_PARAMS = new Set(['paymentStatus', 'status']);

export function message(key: MessageKey, locale: TLocale, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = String(params[name]);
    return LABELLED_PARAMS.has(name) ? (CODE_LABELS[value]?.[locale] ?? value) : value;
  });
}
