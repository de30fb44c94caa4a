// The whole API as one type: every contract file's endpoint table, merged. Types only (no Zod at run time): the web
// calls `call(key, input)` against it, and a key, an input or a response that drifts from a table is a compile error.
import type { accountEndpoints } from './account.ts'
import type { adminEndpoints } from './admin.ts'
import type { authEndpoints } from './auth.ts'
import type { catalogEndpoints } from './catalog.ts'
import type { checkoutEndpoints } from './checkout.ts'
import type { contactEndpoints } from './contact.ts'
import type { deliveryEndpoints } from './delivery.ts'
import type { devEndpoints } from './dev.ts'
import type { flashSaleEndpoints } from './flash-sales.ts'
import type { healthEndpoints } from './health.ts'
import type { mediaEndpoints } from './media.ts'
import type { payOnDeliveryEndpoints } from './pay-on-delivery.ts'
import type { productImportEndpoints } from './product-import.ts'
import type { returnsEndpoints } from './returns.ts'
import type { searchEndpoints } from './search.ts'
import type { siteEndpoints } from './site.ts'
import type { smsEndpoints } from './sms.ts'
import type { vendorEndpoints } from './vendor.ts'
import type { voucherEndpoints } from './vouchers.ts'

export type Api = typeof catalogEndpoints &
  typeof searchEndpoints &
  typeof checkoutEndpoints &
  typeof authEndpoints &
  typeof accountEndpoints &
  typeof vendorEndpoints &
  typeof adminEndpoints &
  typeof contactEndpoints &
  typeof healthEndpoints &
  typeof devEndpoints &
  typeof mediaEndpoints &
  typeof returnsEndpoints &
  typeof siteEndpoints &
  typeof deliveryEndpoints &
  typeof payOnDeliveryEndpoints &
  typeof productImportEndpoints &
  typeof flashSaleEndpoints &
  typeof voucherEndpoints &
  typeof smsEndpoints

export type ApiKey = keyof Api
