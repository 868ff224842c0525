/** The fixed routes of the product flow (spec §2), each the one wizard set up for its route. */
import ProductWizard from './ProductWizard';

export const CoffeeCreatePage = () => <ProductWizard route="produce-name-create" />;
export const TeaCreatePage = () => <ProductWizard route="produce-three-name-create" />;
export const BlenderCreatePage = () => <ProductWizard route="produce-blender-create" />;
export const MilkFrotherCreatePage = () => <ProductWizard route="produce-four-name-create" />;
export const AddProductPage = () => <ProductWizard route="produce-name-addProduce" />;
export const CopyProductPage = () => <ProductWizard route="produce-four-name-copy" />;
export const EditProductPage = () => <ProductWizard route="produce-name-editProduce" />;
