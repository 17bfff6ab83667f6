/**
 * The wording of the FTC's Buyers Guide (16 CFR 455.2 and 455.5, as revised on 18 November 2016, 81 FR 81664), which
 * a dealer may not change: English (Figures 1–3) and Spanish (Figures 4–6), for a sale conducted in Spanish. Words a
 * run sets in italics are marked `italic`, as the form sets them; the layout is `buyers-guide-pdf.ts`'s. Where each
 * line comes from, and what of the Spanish was checked, is decision 024.
 */

/** A piece of a line: its text, set bold or in italics as the form sets it. */
export type Run = { text: string; bold?: boolean; italic?: boolean };

export type GuideText = {
  title: string;
  important: Run[];
  vehicle: { make: string; model: string; year: string; vin: string; stock: string };
  warranties: string;
  asIs: { heading: string; body: string };
  implied: { heading: string; body: Run[] };
  dealerWarranty: string;
  full: string;
  /** The limited warranty's sentence, with the dealer's two percentages in its blanks. */
  limited: (labor: string, parts: string) => Run[];
  systems: string;
  duration: string;
  nonDealer: string;
  manufacturer: Run[];
  manufacturerUsed: string;
  otherUsed: string;
  askForCopy: string;
  serviceContract: Run[];
  inspect: string;
  history: Run[];
  seeOtherSide: Run[];
  /** The English guide's last line, in Spanish: ask for the Spanish guide when the sale is in Spanish. */
  askInSpanish: string | null;
  back: {
    intro: string;
    defects: { heading: string; items: string[] }[];
    dealerName: string;
    address: string;
    telephone: string;
    email: string;
    complaints: string;
    signatureLine: string;
    signature: string;
    date: string;
    important: Run[];
  };
};

const italic = (text: string): Run => ({ text, italic: true });
const plain = (text: string): Run => ({ text });
const bold = (text: string): Run => ({ text, bold: true });

export const englishGuide: GuideText = {
  title: 'BUYERS GUIDE',
  important: [
    bold('IMPORTANT: '),
    plain('Spoken promises are difficult to enforce. Ask the dealer to put all promises in writing. Keep this form.'),
  ],
  vehicle: {
    make: 'VEHICLE MAKE',
    model: 'MODEL',
    year: 'YEAR',
    vin: 'VEHICLE IDENTIFICATION NUMBER (VIN)',
    stock: 'DEALER STOCK NUMBER (Optional)',
  },
  warranties: 'WARRANTIES FOR THIS VEHICLE:',
  asIs: {
    heading: 'AS IS - NO DEALER WARRANTY',
    body: 'THE DEALER DOES NOT PROVIDE A WARRANTY FOR ANY REPAIRS AFTER SALE.',
  },
  implied: {
    heading: 'IMPLIED WARRANTIES ONLY',
    body: [
      plain("The dealer doesn't make any promises to fix things that need repair when you buy the vehicle or afterward. But "),
      italic('implied warranties'),
      plain(
        " under your state's laws may give you some rights to have the dealer take care of serious problems that were not apparent when you bought the vehicle.",
      ),
    ],
  },
  dealerWarranty: 'DEALER WARRANTY',
  full: 'FULL WARRANTY.',
  limited: (labor, parts) => [
    bold('LIMITED WARRANTY. '),
    plain(`The dealer will pay ${labor}% of the labor and ${parts}% of the parts for the covered systems that fail during the `),
    plain(
      "warranty period. Ask the dealer for a copy of the warranty, and for any documents that explain warranty coverage, exclusions, and the dealer's repair obligations. ",
    ),
    italic('Implied warranties'),
    plain(" under your state's laws may give you additional rights."),
  ],
  systems: 'SYSTEMS COVERED:',
  duration: 'DURATION:',
  nonDealer: 'NON-DEALER WARRANTIES FOR THIS VEHICLE:',
  manufacturer: [
    bold("MANUFACTURER'S WARRANTY STILL APPLIES. "),
    plain("The manufacturer's original warranty has not expired on some components of the vehicle."),
  ],
  manufacturerUsed: "MANUFACTURER'S USED VEHICLE WARRANTY APPLIES.",
  otherUsed: 'OTHER USED VEHICLE WARRANTY APPLIES.',
  askForCopy:
    'Ask the dealer for a copy of the warranty document and an explanation of warranty coverage, exclusions, and repair obligations.',
  serviceContract: [
    bold('SERVICE CONTRACT. '),
    plain(
      'A service contract on this vehicle is available for an extra charge. Ask for details about coverage, deductible, price, and exclusions. If you buy a service contract within 90 days of your purchase of this vehicle, ',
    ),
    italic('implied warranties'),
    plain(" under your state's laws may give you additional rights."),
  ],
  inspect: 'ASK THE DEALER IF YOUR MECHANIC CAN INSPECT THE VEHICLE ON OR OFF THE LOT.',
  history: [
    bold('OBTAIN A VEHICLE HISTORY REPORT AND CHECK FOR OPEN SAFETY RECALLS. '),
    plain(
      'For information on how to obtain a vehicle history report, visit ftc.gov/usedcars. To check for open safety recalls, visit safercar.gov. You will need the vehicle identification number (VIN) shown above to make the best use of the resources on these sites.',
    ),
  ],
  seeOtherSide: [
    bold('SEE OTHER SIDE '),
    plain('for important additional information, including a list of major defects that may occur in used motor vehicles.'),
  ],
  askInSpanish: 'Si el concesionario gestiona la venta en español, pídale una copia de la Guía del Comprador en español.',
  back: {
    intro: 'Here is a list of some major defects that may occur in used vehicles.',
    defects: [
      {
        heading: 'Frame & Body',
        items: ['Frame-cracks, corrective welds, or rusted through', 'Dog tracks—bent or twisted frame'],
      },
      {
        heading: 'Engine',
        items: [
          'Oil leakage, excluding normal seepage',
          'Cracked block or head',
          'Belts missing or inoperable',
          'Knocks or misses related to camshaft lifters and push rods',
          'Abnormal exhaust discharge',
        ],
      },
      {
        heading: 'Transmission & Drive Shaft',
        items: [
          'Improper fluid level or leakage, excluding normal seepage',
          'Cracked or damaged case which is visible',
          'Abnormal noise or vibration caused by faulty transmission or drive shaft',
          'Improper shifting or functioning in any gear',
          'Manual clutch slips or chatters',
        ],
      },
      {
        heading: 'Differential',
        items: [
          'Improper fluid level or leakage, excluding normal seepage',
          'Cracked or damaged housing which is visible',
          'Abnormal noise or vibration caused by faulty differential',
        ],
      },
      { heading: 'Cooling System', items: ['Leakage including radiator', 'Improperly functioning water pump'] },
      {
        heading: 'Electrical System',
        items: ['Battery leakage', 'Improperly functioning alternator, generator, battery, or starter'],
      },
      { heading: 'Fuel System', items: ['Visible leakage'] },
      { heading: 'Inoperable Accessories', items: ['Gauges or warning devices', 'Air conditioner', 'Heater & Defroster'] },
      {
        heading: 'Brake System',
        items: [
          'Failure warning light broken',
          'Pedal not firm under pressure (DOT spec.)',
          'Not enough pedal reserve (DOT spec.)',
          'Does not stop vehicle in straight line (DOT spec.)',
          'Hoses damaged',
          'Drum or rotor too thin (Mfgr. Specs)',
          'Lining or pad thickness less than 1/32 inch',
          'Power unit not operating or leaking',
          'Structural or mechanical parts damaged',
        ],
      },
      { heading: 'Air Bags', items: [] },
      {
        heading: 'Steering System',
        items: [
          'Too much free play at steering wheel (DOT specs.)',
          'Free play in linkage more than 1/4 inch',
          'Steering gear binds or jams',
          'Front wheels aligned improperly (DOT specs.)',
          'Power unit belts cracked or slipping',
          'Power unit fluid level improper',
        ],
      },
      {
        heading: 'Suspension System',
        items: [
          'Ball joint seals damaged',
          'Structural parts bent or damaged',
          'Stabilizer bar disconnected',
          'Spring broken',
          'Shock absorber mounting loose',
          'Rubber bushings damaged or missing',
          'Radius rod damaged or missing',
          'Shock absorber leaking or functioning improperly',
        ],
      },
      { heading: 'Tires', items: ['Tread depth less than 2/32 inch', 'Sizes mismatched', 'Visible damage'] },
      { heading: 'Wheels', items: ['Visible cracks, damage or repairs', 'Mounting bolts loose or missing'] },
      { heading: 'Exhaust System', items: ['Leakage', 'Catalytic Converter'] },
    ],
    dealerName: 'DEALER NAME',
    address: 'ADDRESS',
    telephone: 'TELEPHONE',
    email: 'EMAIL',
    complaints: 'FOR COMPLAINTS AFTER SALE, CONTACT:',
    signatureLine: 'I hereby acknowledge receipt of the Buyers Guide at the closing of this sale.',
    signature: 'Signature',
    date: 'Date',
    important: [
      bold('IMPORTANT: '),
      plain(
        'The information on this form is part of any contract to buy this vehicle. Removing this label before consumer purchase (except for purpose of test-driving) violates federal law (16 C.F.R. 455).',
      ),
    ],
  },
};

export const spanishGuide: GuideText = {
  title: 'GUÍA DEL COMPRADOR',
  important: [
    bold('IMPORTANTE: '),
    plain(
      'Las promesas verbales son difíciles de hacer cumplir. Pídale al concesionario que ponga todas las promesas por escrito. Conserve este formulario.',
    ),
  ],
  vehicle: {
    make: 'MARCA DEL VEHÍCULO',
    model: 'MODELO',
    year: 'AÑO',
    vin: 'NÚMERO DE IDENTIFICACIÓN DEL VEHÍCULO (VIN)',
    stock: 'NÚMERO DE INVENTARIO DEL CONCESIONARIO (Opcional)',
  },
  warranties: 'GARANTÍAS PARA ESTE VEHÍCULO:',
  asIs: {
    heading: 'COMO ESTÁ - SIN GARANTÍA DEL CONCESIONARIO',
    body: 'EL CONCESIONARIO NO OFRECE UNA GARANTÍA PARA NINGUNA REPARACIÓN DESPUÉS DE LA VENTA.',
  },
  implied: {
    heading: 'SOLO GARANTÍAS IMPLÍCITAS',
    body: [
      plain(
        'El concesionario no hace ninguna promesa de reparar lo que sea necesario cuando compre el vehículo o posteriormente. Sin embargo, las ',
      ),
      italic('garantías implícitas'),
      plain(
        ' según las leyes estatales podrían darle algunos derechos para hacer que el concesionario se encargue de ciertos problemas que no fueran evidentes cuando compró el vehículo.',
      ),
    ],
  },
  dealerWarranty: 'GARANTÍA DEL CONCESIONARIO',
  full: 'GARANTÍA COMPLETA.',
  limited: (labor, parts) => [
    bold('GARANTÍA LIMITADA. '),
    plain(
      `El concesionario pagará el ${labor}% de la mano de obra y el ${parts}% de los repuestos de los sistemas cubiertos que fallen durante el período de garantía. `,
    ),
    plain(
      'Pídale al concesionario una copia de la garantía y de cualquier documento que explique la cobertura de la garantía, las exclusiones y las obligaciones de reparación del concesionario. Las ',
    ),
    italic('garantías implícitas'),
    plain(' según las leyes de su estado podrían darle derechos adicionales.'),
  ],
  systems: 'SISTEMAS CUBIERTOS:',
  duration: 'DURACIÓN:',
  nonDealer: 'GARANTÍAS PARA ESTE VEHÍCULO QUE NO SON DEL CONCESIONARIO:',
  manufacturer: [
    bold('LA GARANTÍA DEL FABRICANTE TODAVÍA SE APLICA. '),
    plain('La garantía original del fabricante no ha vencido para algunos componentes del vehículo.'),
  ],
  manufacturerUsed: 'SE APLICA LA GARANTÍA DEL FABRICANTE PARA VEHÍCULOS USADOS.',
  otherUsed: 'SE APLICA OTRA GARANTÍA PARA VEHÍCULOS USADOS.',
  askForCopy:
    'Pídale al concesionario una copia del documento de garantía y una explicación de la cobertura de la garantía, las exclusiones y las obligaciones de reparación.',
  serviceContract: [
    bold('CONTRATO DE MANTENIMIENTO. '),
    plain(
      'Con un cargo adicional, puede obtener un contrato de mantenimiento para este vehículo. Pregunte acerca de los detalles de la cobertura, los deducibles, el precio y las exclusiones. Si compra un contrato de mantenimiento dentro de los 90 días desde el momento en que compró el vehículo, las ',
    ),
    italic('garantías implícitas'),
    plain(' según las leyes de su estado podrían darle derechos adicionales.'),
  ],
  inspect: 'PREGÚNTELE AL CONCESIONARIO SI SU MECÁNICO PUEDE INSPECCIONAR EL VEHÍCULO DENTRO O FUERA DEL LOTE.',
  history: [
    bold('OBTENGA UN INFORME DEL HISTORIAL DEL VEHÍCULO Y VERIFIQUE SI HAY RETIROS DE SEGURIDAD PENDIENTES. '),
    plain(
      'Para informarse sobre cómo obtener un informe del historial del vehículo, visite ftc.gov/usedcars. Para verificar si hay retiros de seguridad pendientes, visite safercar.gov. Necesitará el número de identificación del vehículo (VIN) que aparece arriba para aprovechar al máximo los recursos de estos sitios.',
    ),
  ],
  seeOtherSide: [
    bold('VEA EL OTRO LADO '),
    plain(
      'para obtener información adicional importante, incluida una lista de defectos importantes que pueden ocurrir en los vehículos motorizados usados.',
    ),
  ],
  askInSpanish: null,
  back: {
    intro: 'Esta es una lista de algunos defectos importantes que pueden ocurrir en los vehículos usados.',
    defects: [
      {
        heading: 'Chasis y carrocería',
        items: ['Chasis con grietas, soldaduras correctivas u oxidado', 'Desalineación del chasis: chasis doblado o torcido'],
      },
      {
        heading: 'Motor',
        items: [
          'Fuga de aceite, excluyendo filtración normal',
          'Bloque o culata agrietados',
          'Correas faltantes o que no funcionan',
          'Golpeteos o fallas relacionados con los levantaválvulas del árbol de levas y las varillas de empuje',
          'Emisión anormal del escape',
        ],
      },
      {
        heading: 'Transmisión y eje de transmisión',
        items: [
          'Nivel de líquido incorrecto o fuga, excluyendo filtración normal',
          'Caja agrietada o dañada visiblemente',
          'Ruido o vibración anormal causados por una transmisión o un eje de transmisión defectuosos',
          'Cambios o funcionamiento incorrectos en cualquier marcha',
          'El embrague manual patina o vibra',
        ],
      },
      {
        heading: 'Diferencial',
        items: [
          'Nivel de líquido incorrecto o fuga, excluyendo filtración normal',
          'Carcasa agrietada o dañada visiblemente',
          'Ruido o vibración anormal causados por un diferencial defectuoso',
        ],
      },
      { heading: 'Sistema de enfriamiento', items: ['Fuga, incluido el radiador', 'Bomba de agua que no funciona bien'] },
      {
        heading: 'Sistema eléctrico',
        items: ['Fuga de la batería', 'Alternador, generador, batería o motor de arranque que no funcionan bien'],
      },
      { heading: 'Sistema de combustible', items: ['Fuga visible'] },
      {
        heading: 'Accesorios que no funcionan',
        items: ['Indicadores o dispositivos de advertencia', 'Aire acondicionado', 'Calefacción y desempañador'],
      },
      {
        heading: 'Sistema de frenos',
        items: [
          'Luz de advertencia de falla rota',
          'El pedal no está firme bajo presión (especificación del DOT)',
          'Reserva de pedal insuficiente (especificación del DOT)',
          'No detiene el vehículo en línea recta (especificación del DOT)',
          'Mangueras dañadas',
          'Tambor o rotor demasiado delgados (especificaciones del fabricante)',
          'Grosor del forro o de la pastilla menor de 1/32 de pulgada',
          'Servofreno que no funciona o tiene fugas',
          'Piezas estructurales o mecánicas dañadas',
        ],
      },
      { heading: 'Bolsas de aire', items: [] },
      {
        heading: 'Sistema de dirección',
        items: [
          'Demasiado juego libre en el volante (especificaciones del DOT)',
          'Juego libre en la articulación de más de 1/4 de pulgada',
          'El mecanismo de dirección se traba o se atasca',
          'Ruedas delanteras mal alineadas (especificaciones del DOT)',
          'Correas de la servodirección agrietadas o que patinan',
          'Nivel de líquido de la servodirección incorrecto',
        ],
      },
      {
        heading: 'Sistema de suspensión',
        items: [
          'Sellos de las rótulas dañados',
          'Piezas estructurales dobladas o dañadas',
          'Barra estabilizadora desconectada',
          'Resorte roto',
          'Montaje del amortiguador flojo',
          'Bujes de goma dañados o faltantes',
          'Barra de radio dañada o faltante',
          'Amortiguador con fuga o que no funciona bien',
        ],
      },
      {
        heading: 'Neumáticos',
        items: ['Profundidad de la banda de rodamiento menor de 2/32 de pulgada', 'Tamaños desiguales', 'Daño visible'],
      },
      { heading: 'Ruedas', items: ['Grietas, daños o reparaciones visibles', 'Pernos de montaje flojos o faltantes'] },
      { heading: 'Sistema de escape', items: ['Fuga', 'Convertidor catalítico'] },
    ],
    dealerName: 'NOMBRE DEL CONCESIONARIO',
    address: 'DIRECCIÓN',
    telephone: 'TELÉFONO',
    email: 'CORREO ELECTRÓNICO',
    complaints: 'PARA PRESENTAR QUEJAS DESPUÉS DE LA VENTA, COMUNÍQUESE CON:',
    signatureLine: 'Por este medio confirmo que he recibido copia de la Guía del Comprador al momento de la compraventa.',
    signature: 'Firma',
    date: 'Fecha',
    important: [
      bold('IMPORTANTE: '),
      plain(
        'La información de este formulario forma parte de cualquier contrato de compra de este vehículo. Quitar esta etiqueta antes de la compra por parte del consumidor (excepto para una prueba de manejo) es una violación de la ley federal (16 C.F.R. 455).',
      ),
    ],
  },
};
