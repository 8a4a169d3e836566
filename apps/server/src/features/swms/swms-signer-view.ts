import {
  type CoverSheetBody,
  consequenceLabels,
  controlLevels,
  hrcwCategories,
  likelihoodLabels,
  type RiskAssessment,
  riskRating,
  riskRatingLabels,
  type SignerRisk,
  type SignerSection,
  type SwmsBody,
} from '@app/contract';
import { dates } from '../../platform/dates.ts';

/**
 * SWMS and cover sheets as the signing page shows them: the sections their PDF prints,
 * in its words and order, ratings in words as well as colours.
 */

const field = (label: string, value: string | null | undefined) => (value ? [{ label, value }] : []);
const day = (isoDay: string | null) => (isoDay ? dates.calendar(isoDay) : null);
const listed = (heading: string, items: string[]): SignerSection[] => (items.length > 0 ? [{ heading, items }] : []);

function riskOf(assessment: RiskAssessment | null): SignerRisk | null {
  if (!assessment) return null;
  const rating = riskRating(assessment);
  return {
    rating,
    text: `${riskRatingLabels[rating]} risk (likelihood ${likelihoodLabels[assessment.likelihood].toLowerCase()}, consequence ${consequenceLabels[assessment.consequence].toLowerCase()})`,
  };
}

export function swmsSignerSections(body: SwmsBody): SignerSection[] {
  return [
    {
      heading: 'Job',
      fields: [
        ...field('Title', body.title),
        ...field('Project / work location', body.work_location),
        ...field('Person responsible for compliance', body.person_responsible),
        ...field('Reviewer', body.reviewer),
        ...field('Date prepared', day(body.date_prepared)),
        ...field('Review date', day(body.review_date)),
      ],
    },
    ...listed('Scope of work', body.scope_of_work ? [body.scope_of_work] : []),
    ...listed(
      'High-risk construction work (WHS Regulations reg. 291)',
      body.hrcw_categories.map((category) => hrcwCategories[category]),
    ),
    {
      heading: 'Job steps, hazards, risks and controls',
      steps: body.steps.map((step) => ({
        description: step.description,
        hazards: step.hazards,
        controls: step.controls.map((control) => `${controlLevels[control.level]}: ${control.text}`),
        responsible: step.responsible,
        initial_risk: riskOf(step.initial_risk),
        residual_risk: riskOf(step.residual_risk),
      })),
    },
    ...listed('PPE required', body.ppe),
    ...listed(
      'Plant and equipment',
      body.plant.map((item) =>
        item.licence_required ? `${item.name} (licence needed: ${item.licence || 'see site'})` : item.name,
      ),
    ),
    ...listed(
      'Hazardous substances',
      body.substances.map((item) => `${item.name} (SDS ${item.sds_attached ? 'attached' : 'not attached'})`),
    ),
    ...listed('Qualifications, licences and inductions', body.qualifications),
    ...listed('Codes of practice and standards consulted', body.codes_of_practice),
    ...listed('Emergency procedures', body.emergency_procedures ? [body.emergency_procedures] : []),
  ];
}

export function coverSheetSignerSections(
  body: CoverSheetBody,
  linked: Array<{ number: string; title: string }>,
): SignerSection[] {
  const { business, principal_contractor: contractor, approved_by: approved } = body;
  return [
    {
      heading: 'Principal contractor',
      fields: [
        ...field('Company', contractor.company),
        ...field('Project', contractor.project_name),
        ...field('Site address', contractor.site_address),
        ...field('Project manager', contractor.project_manager),
        ...field('Date given', day(contractor.date_given)),
      ],
    },
    {
      heading: 'Business',
      fields: [
        ...field('Name', business.name),
        ...field('ABN', business.abn),
        ...field('Address', business.address),
        ...field('Phone', business.phone),
        ...field('Email', business.email),
        ...field('Person responsible', body.person_responsible),
        ...field('Review date', day(body.review_date)),
      ],
    },
    ...listed(
      'SWMS covered',
      linked.map((swms) => [swms.number, swms.title].filter(Boolean).join(' ')),
    ),
    ...listed('Other documents', body.other_documents),
    {
      heading: 'Approved by',
      fields: [
        ...field('Name', approved.name),
        ...field('Position', approved.position),
        ...field('Date', day(approved.date)),
      ],
    },
  ];
}
