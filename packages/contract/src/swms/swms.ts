import { z } from 'zod/mini';
import { nextCursorSchema, pageQuery } from '../common/paging.ts';
import { isoDateSchema, timestampSchema, uuidSchema } from '../common/values.ts';
import { madeByFilterSchema, madeBySchema } from '../teams/made-by.ts';
import { consequences, likelihoods } from './risk.ts';

/** The 18 categories of high-risk construction work (WHS Regulations 2011, reg. 291), as DOMAIN.md words them. */
export const hrcwCategories = {
  fall_over_2m: 'Risk of a fall of more than 2 m',
  telecommunication_tower: 'Work on a telecommunication tower',
  demolition_load_bearing: 'Demolition of an element that is load-bearing',
  asbestos: 'Likely to disturb asbestos',
  temporary_support: 'Structural alterations that need temporary support',
  confined_space: 'In or near a confined space',
  shaft_trench_tunnel: 'In or near a shaft or trench deeper than 1.5 m, or a tunnel',
  explosives: 'Use of explosives',
  pressurised_gas: 'On or near pressurised gas mains or piping',
  chemical_fuel_refrigerant_lines: 'On or near chemical, fuel or refrigerant lines',
  energised_electrical: 'On or near energised electrical installations or services',
  contaminated_atmosphere: 'In an area that may have a contaminated or flammable atmosphere',
  tilt_up_precast: 'Tilt-up or precast concrete',
  road_rail_shipping: 'On or beside a road, railway or shipping lane in use',
  powered_mobile_plant: 'Where powered mobile plant moves',
  extreme_temperature: 'In areas of artificial extremes of temperature',
  water_drowning: 'In or near water with a risk of drowning',
  diving: 'Diving work',
} as const;
export type HrcwCategory = keyof typeof hrcwCategories;
export const hrcwCategoryKeys = Object.keys(hrcwCategories) as [HrcwCategory, ...HrcwCategory[]];

/** The hierarchy of controls, most effective first. */
export const controlLevels = {
  eliminate: 'Eliminate',
  substitute: 'Substitute',
  isolate: 'Isolate',
  engineering: 'Engineering',
  administrative: 'Administrative',
  ppe: 'PPE',
} as const;
export type ControlLevel = keyof typeof controlLevels;
export const controlLevelKeys = Object.keys(controlLevels) as [ControlLevel, ...ControlLevel[]];

/** Caps that keep one SWMS a document a crew can read, and a request the server can bound. */
export const SWMS_LIMITS = {
  steps: 60,
  controlsPerStep: 20,
  listItems: 40,
  shortText: 200,
  itemText: 300,
  stepText: 2000,
  longText: 5000,
  linkedSwms: 20,
} as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Keep this under ${max} characters.`));
const list = <T extends z.ZodMiniType>(item: T, max: number = SWMS_LIMITS.listItems) =>
  z.array(item).check(z.maxLength(max, `At most ${max} entries.`));
const optionalDate = z.nullable(isoDateSchema);

export const riskAssessmentSchema = z.nullable(
  z.object({ likelihood: z.enum(likelihoods), consequence: z.enum(consequences) }),
);

export const swmsControlSchema = z.object({
  level: z.enum(controlLevelKeys),
  text: text(SWMS_LIMITS.itemText),
});

export const swmsStepSchema = z.object({
  description: text(SWMS_LIMITS.stepText),
  hazards: text(SWMS_LIMITS.stepText),
  initial_risk: riskAssessmentSchema,
  controls: list(swmsControlSchema, SWMS_LIMITS.controlsPerStep),
  residual_risk: riskAssessmentSchema,
  responsible: text(SWMS_LIMITS.shortText),
});

export const swmsPlantSchema = z.object({
  name: text(SWMS_LIMITS.shortText),
  licence_required: z.boolean(),
  /** Which licence, when one is needed (e.g. "EWP licence (WP) for booms over 11 m"). */
  licence: text(SWMS_LIMITS.shortText),
});

export const swmsSubstanceSchema = z.object({
  name: text(SWMS_LIMITS.shortText),
  sds_attached: z.boolean(),
});

/** Every field of a SWMS a user writes (DOMAIN.md, SWMS body). Drafts may be half-filled. */
export const swmsBodySchema = z.object({
  title: text(SWMS_LIMITS.shortText),
  work_location: text(SWMS_LIMITS.itemText * 2),
  scope_of_work: text(SWMS_LIMITS.longText),
  person_responsible: text(SWMS_LIMITS.shortText),
  reviewer: text(SWMS_LIMITS.shortText),
  date_prepared: optionalDate,
  review_date: optionalDate,
  hrcw_categories: z.array(z.enum(hrcwCategoryKeys)).check(
    z.maxLength(hrcwCategoryKeys.length),
    z.refine((items) => new Set(items).size === items.length, 'A category is ticked twice.'),
  ),
  steps: list(swmsStepSchema, SWMS_LIMITS.steps),
  ppe: list(text(SWMS_LIMITS.itemText)),
  plant: list(swmsPlantSchema),
  substances: list(swmsSubstanceSchema),
  qualifications: list(text(SWMS_LIMITS.itemText)),
  codes_of_practice: list(text(SWMS_LIMITS.itemText)),
  emergency_procedures: text(SWMS_LIMITS.longText),
});
export type SwmsBody = z.output<typeof swmsBodySchema>;
export type SwmsStep = SwmsBody['steps'][number];

export const emptySwmsBody = (): SwmsBody => ({
  title: '',
  work_location: '',
  scope_of_work: '',
  person_responsible: '',
  reviewer: '',
  date_prepared: null,
  review_date: null,
  hrcw_categories: [],
  steps: [],
  ppe: [],
  plant: [],
  substances: [],
  qualifications: [],
  codes_of_practice: [],
  emergency_procedures: '',
});

export const emptySwmsStep = (): SwmsStep => ({
  description: '',
  hazards: '',
  initial_risk: null,
  controls: [],
  residual_risk: null,
  responsible: '',
});

/** PPE must name items: "appropriate PPE" tells a worker nothing (DOMAIN.md). */
const VAGUE_PPE = /^(appropriate|suitable|relevant|required|necessary|standard|all)\s+(ppe|safety gear)$/i;

export type MissingField = { path: string; message: string };

/**
 * What a SWMS still needs before it is ready to hand to a crew (reg. 299: the work, its hazards,
 * the controls and how they are applied). Empty when ready; drafts are saved regardless.
 */
export function missingForReady(body: SwmsBody): MissingField[] {
  const missing: MissingField[] = [];
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) missing.push({ path, message });
  };
  need(body.title.trim() !== '', 'title', 'Give the SWMS a title.');
  need(body.work_location.trim() !== '', 'work_location', 'Enter the project or work location.');
  need(body.scope_of_work.trim() !== '', 'scope_of_work', 'Describe the scope of work.');
  need(body.person_responsible.trim() !== '', 'person_responsible', 'Name the person responsible for compliance.');
  need(body.hrcw_categories.length > 0, 'hrcw_categories', 'Tick at least one high-risk construction work category.');
  need(body.steps.length > 0, 'steps', 'Add at least one job step.');
  body.steps.forEach((step, index) => {
    const at = `steps.${index}`;
    const label = `Step ${index + 1}`;
    need(step.description.trim() !== '', `${at}.description`, `${label}: describe the step.`);
    need(step.hazards.trim() !== '', `${at}.hazards`, `${label}: list its hazards.`);
    need(step.initial_risk !== null, `${at}.initial_risk`, `${label}: rate the initial risk.`);
    need(step.controls.length > 0, `${at}.controls`, `${label}: add at least one control measure.`);
    need(step.residual_risk !== null, `${at}.residual_risk`, `${label}: rate the residual risk.`);
  });
  need(body.ppe.length > 0, 'ppe', 'List the PPE required, item by item.');
  body.ppe.forEach((item, index) => {
    need(!VAGUE_PPE.test(item.trim()), `ppe.${index}`, `Name the PPE items instead of "${item}".`);
  });
  need(body.emergency_procedures.trim() !== '', 'emergency_procedures', 'Describe the emergency procedures.');
  return missing;
}

export const swmsStatuses = ['draft', 'ready', 'signed'] as const;
export type SwmsStatus = (typeof swmsStatuses)[number];

/** Built-in starters a SWMS can begin from (their content lives on the server). */
export const swmsStarters = { waterproofing: 'Waterproofing (internal wet areas and balconies)' } as const;
export type SwmsStarter = keyof typeof swmsStarters;
export const swmsStarterKeys = Object.keys(swmsStarters) as [SwmsStarter, ...SwmsStarter[]];

export const swmsMessages = {
  notFound: 'SWMS not found',
  coverSheetNotFound: 'Cover sheet not found',
  versionNotFound: 'That version of the SWMS does not exist.',
  coverSheetVersionNotFound: 'That version of the cover sheet does not exist.',
  templateNotFound: 'That template could not be found. Pick another one.',
  staleSave:
    'This SWMS was changed on another device or tab since you opened it. Your last change here was not saved: reload to see the latest version, then make your change again.',
  staleCoverSheetSave:
    'This cover sheet was changed on another device or tab since you opened it. Your last change here was not saved: reload to see the latest version, then make your change again.',
  unknownSwms: 'A linked SWMS could not be found. Remove it and pick from your SWMS.',
  noDraftToDiscard: 'There is no new version to discard: the current version has been issued.',
} as const;

/** What the editor asks before the first change to an issued version (ADR 0066). */
export const startVersionQuestion = (version: number) =>
  `Start version ${version}? Everyone who signed will be asked to sign again.`;

/** A save that would start a new version of an issued one without the user's agreement (ADR 0066). */
export const newVersionUnconfirmedMessage = (version: number) =>
  `This version has been printed, sent or signed, so this change would start version ${version}. Confirm that you want to start it, then save again.`;

/**
 * `new_version` on a save: the number of the version the user agreed to start. Without it (or with
 * another number) a save that would start a new version of an issued one is refused (ADR 0066).
 */
const newVersionConfirmation = z.optional(z.number().check(z.int(), z.minimum(2)));

/** One version of a document in its history. */
export const documentVersionSummarySchema = z.object({
  version: z.number(),
  fingerprint: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  signature_count: z.number(),
  current: z.boolean(),
});

export const versionSignatureSchema = z.object({
  signer_name: z.string(),
  signer_company: z.nullable(z.string()),
  signed_at: timestampSchema,
});

const documentHeader = {
  id: z.string(),
  number: z.string(),
  /** Bumped by every save: a save must send the revision it was made from (optimistic concurrency). */
  revision: z.number(),
  current_version: z.number(),
  fingerprint: z.string(),
  /** The current version has left its owner (printed with its QR code, sent or signed): the next change starts the next version. */
  issued: z.boolean(),
  status: z.enum(swmsStatuses),
  missing: z.array(z.object({ path: z.string(), message: z.string() })),
  versions: z.array(documentVersionSummarySchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};

export const swmsSchema = z.object({
  ...documentHeader,
  is_template: z.boolean(),
  body: swmsBodySchema,
});
export type Swms = z.output<typeof swmsSchema>;

export const swmsVersionSchema = z.object({
  id: z.string(),
  number: z.string(),
  version: z.number(),
  current: z.boolean(),
  fingerprint: z.string(),
  created_at: timestampSchema,
  body: swmsBodySchema,
  signatures: z.array(versionSignatureSchema),
});
export type SwmsVersion = z.output<typeof swmsVersionSchema>;

export const swmsSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  work_location: z.string(),
  status: z.enum(swmsStatuses),
  current_version: z.number(),
  is_template: z.boolean(),
  made_by: madeBySchema,
  updated_at: timestampSchema,
  created_at: timestampSchema,
});
export type SwmsSummary = z.output<typeof swmsSummarySchema>;

export const swmsListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(z.enum(swmsStatuses)),
  templates: z.optional(z.enum(['true', 'false'])),
  made_by: madeByFilterSchema,
  ...pageQuery(50),
});
export const swmsListResponseSchema = z.object({ items: z.array(swmsSummarySchema), next_cursor: nextCursorSchema });

export const createSwmsRequestSchema = z.object({
  /** Start from a built-in starter, or from one of the caller's templates; neither gives an empty SWMS. */
  starter: z.optional(z.enum(swmsStarterKeys)),
  template_id: z.optional(uuidSchema),
});
export type CreateSwmsRequest = z.input<typeof createSwmsRequestSchema>;

export const saveSwmsRequestSchema = z.object({
  revision: z.number().check(z.int(), z.minimum(0)),
  body: swmsBodySchema,
  is_template: z.optional(z.boolean()),
  new_version: newVersionConfirmation,
});

/** Discards the current version while it is a draft, back to the last issued one (ADR 0066). */
export const discardDraftRequestSchema = z.object({ revision: z.number().check(z.int(), z.minimum(0)) });
export type SaveSwmsRequest = z.input<typeof saveSwmsRequestSchema>;

/** The cover sheet handed to a principal contractor (DOMAIN.md, SWMS cover sheet). */
export const coverSheetBodySchema = z.object({
  business: z.object({
    name: text(SWMS_LIMITS.shortText),
    abn: text(20),
    address: text(SWMS_LIMITS.itemText),
    phone: text(50),
    email: text(SWMS_LIMITS.shortText),
  }),
  principal_contractor: z.object({
    company: text(SWMS_LIMITS.shortText),
    project_name: text(SWMS_LIMITS.shortText),
    site_address: text(SWMS_LIMITS.itemText),
    project_manager: text(SWMS_LIMITS.shortText),
    date_given: optionalDate,
  }),
  approved_by: z.object({
    name: text(SWMS_LIMITS.shortText),
    position: text(SWMS_LIMITS.shortText),
    date: optionalDate,
  }),
  person_responsible: text(SWMS_LIMITS.shortText),
  review_date: optionalDate,
  /** The caller's SWMS this sheet covers, in order. */
  swms_ids: z.array(uuidSchema).check(
    z.maxLength(SWMS_LIMITS.linkedSwms),
    z.refine((ids) => new Set(ids).size === ids.length, 'A SWMS is linked twice.'),
  ),
  /** Other attached documents, e.g. "SDS: Ardex WPM 300", "Electrical test tags register". */
  other_documents: list(text(SWMS_LIMITS.itemText)),
});
export type CoverSheetBody = z.output<typeof coverSheetBodySchema>;

export function missingForCoverSheet(body: CoverSheetBody): MissingField[] {
  const missing: MissingField[] = [];
  if (body.swms_ids.length === 0) missing.push({ path: 'swms_ids', message: 'Link at least one SWMS.' });
  if (!body.principal_contractor.company.trim())
    missing.push({ path: 'principal_contractor.company', message: 'Name the principal contractor.' });
  if (!body.business.name.trim()) missing.push({ path: 'business.name', message: 'Enter your business name.' });
  return missing;
}

export const linkedSwmsSchema = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  current_version: z.number(),
});

export const coverSheetSchema = z.object({
  ...documentHeader,
  body: coverSheetBodySchema,
  /** The linked SWMS as they are now (number, title, version), in the body's order. */
  linked_swms: z.array(linkedSwmsSchema),
});
export type CoverSheet = z.output<typeof coverSheetSchema>;

export const coverSheetSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  principal_contractor: z.string(),
  project_name: z.string(),
  status: z.enum(swmsStatuses),
  current_version: z.number(),
  swms_count: z.number(),
  made_by: madeBySchema,
  updated_at: timestampSchema,
  created_at: timestampSchema,
});
export type CoverSheetSummary = z.output<typeof coverSheetSummarySchema>;
export const coverSheetListQuerySchema = z.object(pageQuery(100));
export const coverSheetListResponseSchema = z.object({
  items: z.array(coverSheetSummarySchema),
  next_cursor: nextCursorSchema,
});

export const createCoverSheetRequestSchema = z.object({
  swms_ids: z._default(coverSheetBodySchema.shape.swms_ids, []),
});
export const saveCoverSheetRequestSchema = z.object({
  revision: z.number().check(z.int(), z.minimum(0)),
  body: coverSheetBodySchema,
  new_version: newVersionConfirmation,
});
export type SaveCoverSheetRequest = z.input<typeof saveCoverSheetRequestSchema>;
