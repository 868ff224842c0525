/**
 * "Create" on the product list: which machines make the new product. Each family has its flow
 * (spec §2: coffee, tea, blender or ice-sand, milk frother); the last choice leaves the family to the
 * first step of the flow.
 */
import { List, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FAMILY_FLOWS, WIZARD_TITLES, type WizardRouteName } from './wizard-routes';
import { Button } from '../../components/Button';

const CHOICES: WizardRouteName[] = [...FAMILY_FLOWS, 'produce-name-addProduce'];

export default function FlowChooser({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (route: WizardRouteName) => {
    onClose();
    navigate(`/${route}`);
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('productList.chooseFlow')} destroyOnHidden>
      <List
        dataSource={CHOICES}
        renderItem={(route) => (
          <List.Item
            actions={[
              <Button
                key="go"
                type="primary"
                onClick={() => go(route)}
                data-testid={`flow-${route}`}
                guardMs={0}
              >
                {t(WIZARD_TITLES[route])}
              </Button>,
            ]}
          >
            <List.Item.Meta description={t(`productList.flowHints.${route}`)} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
