import type { SwmsBody, SwmsStarter } from '@app/contract';

/**
 * Built-in starting points (PRODUCT.md, SWMS): realistic content a crew edits for the job, never
 * a finished SWMS. Kept on the server so the web bundle does not carry it.
 */
export const swmsStarterBodies: Record<SwmsStarter, () => SwmsBody> = {
  waterproofing: () => ({
    title: 'Waterproofing: internal wet areas and balcony membranes',
    work_location: '',
    scope_of_work:
      'Preparation of substrates, priming and application of liquid waterproofing membranes to internal wet areas (AS 3740-2021) and an external balcony (AS 4654.2-2012), including grinding of high spots, bond breakers at junctions, puddle flanges, two coats at right angles and a flood test.',
    person_responsible: '',
    reviewer: '',
    date_prepared: null,
    review_date: null,
    hrcw_categories: ['fall_over_2m', 'contaminated_atmosphere'],
    steps: [
      {
        description: 'Set up: unload materials, carry membrane pails and tools to the work area',
        hazards:
          'Manual handling of 15–20 L pails (up to 25 kg) on stairs; trips over hoses and leads; falling objects from upper floors',
        initial_risk: { likelihood: 'likely', consequence: 'moderate' },
        controls: [
          {
            level: 'engineering',
            text: 'Use a trolley or the site hoist for pails; no carrying of more than one pail at a time on stairs',
          },
          {
            level: 'administrative',
            text: 'Two-person lift for anything over 20 kg; keep access ways clear, leads run overhead',
          },
          { level: 'ppe', text: 'Safety boots (AS/NZS 2210.3), rigger gloves, hard hat under overhead work' },
        ],
        residual_risk: { likelihood: 'unlikely', consequence: 'minor' },
        responsible: 'Leading hand',
      },
      {
        description: 'Balcony work at the slab edge (external membrane, upturns and hobs)',
        hazards: 'Fall of more than 2 m from an unprotected balcony edge while working on upturns near the edge',
        initial_risk: { likelihood: 'possible', consequence: 'catastrophic' },
        controls: [
          {
            level: 'isolate',
            text: "Do not start until the builder's edge protection (AS/NZS 4994.1) is installed and inspected; report any removed rail and stop work",
          },
          {
            level: 'engineering',
            text: 'Where a rail must be removed for a detail, fit a temporary rail or work from a restraint system anchored to a certified point',
          },
          {
            level: 'administrative',
            text: 'Permit from the principal contractor for any edge work; no materials stacked against the rail',
          },
          {
            level: 'ppe',
            text: 'Full-body harness with restraint lanyard (AS/NZS 1891.1) when the permit requires it',
          },
        ],
        residual_risk: { likelihood: 'rare', consequence: 'catastrophic' },
        responsible: 'Supervisor',
      },
      {
        description: 'Substrate preparation: grind high spots, cut chases and clean the screed',
        hazards:
          'Respirable crystalline silica dust from grinding concrete and screed; noise; kickback from the angle grinder; flying particles',
        initial_risk: { likelihood: 'likely', consequence: 'major' },
        controls: [
          { level: 'substitute', text: 'Scrape or scabble instead of grinding where the surface allows' },
          {
            level: 'engineering',
            text: 'Grinder with shroud and on-tool extraction to an M-class vacuum; wet cutting for chases',
          },
          { level: 'administrative', text: 'No dry sweeping: vacuum only; keep others out of the room while grinding' },
          {
            level: 'ppe',
            text: 'P2 half-face respirator, fit-tested (AS/NZS 1716); safety glasses; class 4 hearing protection',
          },
        ],
        residual_risk: { likelihood: 'unlikely', consequence: 'moderate' },
        responsible: 'Applicator',
      },
      {
        description: 'Power tools and leads: grinder, mixer paddle, vacuum and lighting',
        hazards: 'Electric shock from damaged leads or tools, made worse by wet surfaces and water from the flood test',
        initial_risk: { likelihood: 'possible', consequence: 'major' },
        controls: [
          {
            level: 'engineering',
            text: 'All tools through an RCD (portable or on the site board); leads kept off wet floors on hooks or stands',
          },
          {
            level: 'administrative',
            text: 'Tools and leads tested and tagged (AS/NZS 3760) within 3 months; daily visual check, damaged gear tagged out',
          },
          { level: 'eliminate', text: 'No power tools in the area once the flood test water is in' },
        ],
        residual_risk: { likelihood: 'rare', consequence: 'major' },
        responsible: 'Applicator',
      },
      {
        description: 'Prime, apply bond breakers and two coats of liquid membrane',
        hazards:
          'Solvent and isocyanate vapours in enclosed bathrooms; skin and eye contact with primer and membrane; flammable primer vapour near ignition sources',
        initial_risk: { likelihood: 'likely', consequence: 'moderate' },
        controls: [
          { level: 'substitute', text: 'Use water-based primer and membrane where the system allows' },
          {
            level: 'engineering',
            text: 'Forced ventilation: fan extracting to outside, window open; no ignition sources within 3 m',
          },
          {
            level: 'administrative',
            text: 'Read the SDS before use; decant in ventilated areas; lids back on pails; wash before eating',
          },
          {
            level: 'ppe',
            text: 'Nitrile gloves, safety glasses, half-face respirator with A2/P2 filters for solvent-based products',
          },
        ],
        residual_risk: { likelihood: 'unlikely', consequence: 'minor' },
        responsible: 'Applicator',
      },
      {
        description: 'Flood test, clean up and waste removal',
        hazards:
          'Slips on wet membrane; manual handling of water and waste; contaminated rags (spontaneous combustion of some solvents)',
        initial_risk: { likelihood: 'possible', consequence: 'minor' },
        controls: [
          {
            level: 'administrative',
            text: 'Barricade and sign wet areas; rags in a closed metal bin, removed from site daily',
          },
          { level: 'ppe', text: 'Slip-resistant boots, nitrile gloves' },
        ],
        residual_risk: { likelihood: 'rare', consequence: 'minor' },
        responsible: 'Applicator',
      },
    ],
    ppe: [
      'Safety boots, slip-resistant (AS/NZS 2210.3)',
      'Nitrile chemical-resistant gloves',
      'Safety glasses (AS/NZS 1337.1)',
      'P2 half-face respirator, fit-tested; A2/P2 filters for solvent-based products',
      'Class 4 hearing protection while grinding',
      'Hard hat where there is overhead work',
      'Full-body harness and restraint lanyard when an edge permit requires it',
    ],
    plant: [
      { name: '125 mm angle grinder with dust shroud', licence_required: false, licence: '' },
      { name: 'M-class vacuum dust extractor', licence_required: false, licence: '' },
      { name: 'Drill with mixing paddle', licence_required: false, licence: '' },
      { name: 'Portable RCD and tagged extension leads', licence_required: false, licence: '' },
    ],
    substances: [
      { name: 'Membrane primer (see SDS for the product used)', sds_attached: true },
      { name: 'Liquid waterproofing membrane (see SDS)', sds_attached: true },
      { name: 'Polyurethane sealant / bond breaker (see SDS)', sds_attached: true },
    ],
    qualifications: [
      'General construction induction (white card) for every worker',
      'Site-specific induction by the principal contractor',
      'Waterproofing licence or qualification as the state requires (e.g. CPC31420 Certificate III in Construction Waterproofing)',
      'Respirator fit test within the last 12 months',
    ],
    codes_of_practice: [
      'Construction work Code of Practice (Safe Work Australia)',
      'Managing the risk of falls at workplaces Code of Practice',
      'Managing risks of hazardous chemicals in the workplace Code of Practice',
      'Hazardous manual tasks Code of Practice',
      'Managing the risks of respirable crystalline silica from engineered stone / construction guidance',
      'AS 3740-2021 Waterproofing of domestic wet areas',
      'AS 4654.2-2012 Waterproofing membranes for external above-ground use',
    ],
    emergency_procedures:
      'Call 000 for any serious injury or fire, then the site supervisor. First aid kit and eyewash in the work vehicle; for chemical contact flush with water for 15 minutes and follow the SDS first aid section. Evacuate to the site assembly point on the alarm. Report every incident and near miss to the principal contractor the same day.',
  }),
};
