import * as z from 'zod/mini';

/**
 * The company's WhatsApp message templates (../shared/whatsapp-cloud-api.md, Sending): outside the
 * 24-hour window only an approved template may be sent, so a follow-up then goes out as the template
 * the owner chose, its one body parameter being the follow-up's text. The templates are Meta's,
 * read from the connection's WhatsApp Business account; without a working connection these calls
 * answer 409 WHATSAPP_NOT_CONNECTED.
 */

/** An approved template as the settings show it. */
export const approvedTemplateSchema = z.object({
  name: z.string(),
  /** Meta's locale code (pt_BR, en_US…). */
  language: z.string(),
  /** UTILITY, MARKETING or AUTHENTICATION. */
  category: z.string(),
  /** The body text with its parameters as Meta writes them ({{1}}, {{2}}…). */
  body: z.string(),
  /** How many distinct parameters the body has. */
  parameterCount: z.number(),
  /** Can be the follow-up template: one body parameter and nothing else to fill in. */
  followUpReady: z.boolean(),
});
export type ApprovedTemplate = z.infer<typeof approvedTemplateSchema>;

export const listWhatsappTemplatesContract = {
  method: 'GET',
  url: '/api/whatsapp-connections/templates',
  /** Only APPROVED templates, by name then language. */
  response: z.object({ templates: z.array(approvedTemplateSchema) }),
} as const;

/** Meta's rules for a template name, and its locale codes. */
const templateName = z.string().check(z.minLength(1), z.maxLength(512), z.regex(/^[a-z0-9_]+$/));
const templateLanguage = z
  .string()
  .check(z.minLength(2), z.maxLength(16), z.regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/));

export const followUpTemplateSchema = z.object({ name: z.string(), language: z.string() });
export type FollowUpTemplate = z.infer<typeof followUpTemplateSchema>;

export const getFollowUpTemplateContract = {
  method: 'GET',
  url: '/api/whatsapp-connections/follow-up-template',
  /** Null until the owner chooses one (and again after the connection is replaced or disconnected). */
  response: z.object({ followUpTemplate: z.nullable(followUpTemplateSchema) }),
} as const;

/**
 * Chooses the follow-up template: it must be approved, with exactly one body parameter and nothing
 * else to fill in; otherwise a 422 WHATSAPP_TEMPLATE_UNUSABLE that says why.
 */
export const setFollowUpTemplateContract = {
  method: 'PUT',
  url: '/api/whatsapp-connections/follow-up-template',
  body: z.strictObject({ template: z.strictObject({ name: templateName, language: templateLanguage }) }),
  response: z.object({ followUpTemplate: approvedTemplateSchema }),
} as const;

/** No follow-up template: follow-ups outside the window wait, and the task says why. */
export const clearFollowUpTemplateContract = {
  method: 'DELETE',
  url: '/api/whatsapp-connections/follow-up-template',
  response: z.object({ followUpTemplate: z.null() }),
} as const;
